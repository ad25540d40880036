"""Command line: build, validate and publish a content release; roll back; status."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .fingerprint import version_of
from .release import (
    CONTENT_DIR,
    DEFAULT_ROOT,
    PublishError,
    build,
    compatible,
    current,
    history,
    is_complete,
    path_of,
    prune,
    read_meta,
    rollback,
    switch,
)


def publish(content: Path, root: Path, *, validate: bool = True, live: bool = True, force: bool = False) -> int:
    """Build (when the content or code changed), validate, switch; a no-op when nothing changed."""
    was = current(root)
    if not force and version_of(content) == was and is_complete(path_of(root, was)):
        print(f"content release {was}: unchanged, live")
        return 0
    check = None
    if validate:
        from .validate import smoke as check
    try:
        built = build(content, root, validate=check, force=force)
    except PublishError as e:
        print(f"not published: {e}", file=sys.stderr)
        return 1
    state = f"built and validated in {built.seconds:.1f} s" if built.rebuilt else "already built"
    if not live:
        print(f"content release {built.version}: {state}, not switched (live: {was})")
        return 0
    if was != built.version:
        switch(root, built.version)
    prune(root)
    print(f"content release {built.version}: {state}, live" + (f" (was {was})" if was and was != built.version else ""))
    return 0


def status(root: Path, content: Path) -> int:
    live = current(root)
    print(f"live: {live or 'none'}")
    for version in reversed(history(root)):
        path = path_of(root, version)
        if is_complete(path):
            meta = read_meta(path)
            mark = "*" if version == live else " "
            print(f" {mark} {version}  built {meta['built']}  {meta['entries']} entries  games {', '.join(meta['games'])}")
    wanted = version_of(content)
    print(f"{content} would make: {wanted}" + (" (live)" if wanted == live else ""))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m publish", description=__doc__)
    parser.add_argument("command", nargs="?", default="publish",
                        choices=("publish", "build", "switch", "rollback", "status", "prune"))
    parser.add_argument("version", nargs="?", help="switch: the release to make live (one shipped from a build machine)")
    parser.add_argument("--dir", type=Path, default=DEFAULT_ROOT, help=f"releases folder (default {DEFAULT_ROOT})")
    parser.add_argument("--content", type=Path, default=CONTENT_DIR, help="content folder (default content/)")
    parser.add_argument("--force", action="store_true", help="build again even if unchanged")
    parser.add_argument("--no-validate", action="store_true", help="skip the pages check (tests only)")
    args = parser.parse_args(argv)
    if args.command == "rollback":
        try:
            print(f"content release {rollback(args.dir)}: live again")
        except PublishError as e:
            print(f"not rolled back: {e}", file=sys.stderr)
            return 1
        return 0
    if args.command == "switch":
        if not args.version:
            parser.error("switch needs the version to make live")
        try:
            meta = read_meta(path_of(args.dir, args.version))
            if not compatible(meta):
                raise PublishError(f"release {args.version} was built by other code than this checkout's")
            switch(args.dir, args.version)
        except (PublishError, OSError) as e:
            print(f"not switched: {e}", file=sys.stderr)
            return 1
        print(f"content release {args.version}: live")
        return 0
    if args.command == "status":
        return status(args.dir, args.content)
    if args.command == "prune":
        for name in prune(args.dir):
            print(f"removed {name}")
        return 0
    return publish(args.content, args.dir, validate=not args.no_validate, live=args.command == "publish",
                   force=args.force)


if __name__ == "__main__":
    sys.exit(main())
