"""Content versions: the validated texts and their search index, built once, switched in whole.

    python -m publish                 build the release of content/ (if it changed), validate it,
                                      make it live; running workers pick it up within a second
    python -m publish build           build and validate only (on a build machine: then copy
                                      var/releases/<version>/ to each node)
    python -m publish switch VERSION  make a release already on disk live (a shipped one)
    python -m publish rollback        back to the release live before
    python -m publish status          the live release, the ones kept, what content/ would make

See release.py for the layout on disk, web/live.py for how a worker follows it, and
docs/deploy.md for the operator's view.
"""
