"""A rule broken by a player and found out: cheating, not following suit though one could, a
card taken back, a turn played out of order on purpose. No rulebook of the games says what then,
so such a question ("breach" in search/beyond.py) gets no card: the page says to agree on it at
the table.

Written in the eleventh round of the search issue by one native reader per language who saw no
evaluation set nor miss. Looking at someone's cards stands nowhere here: Deductio's Eye power
lets a player look at numbers, and whether a hand is secret is a ruling. Regular expressions,
matched as in search/beyond.py; each has its question in tests/search/beyond_questions.py.
"""
from __future__ import annotations

BREACHES: dict[str, tuple[str, ...]] = {
    "en": (
        r"cheat(?:ed|er|ers|s)\b",
        r"(?:caught|catch|catching|was|were|been|kept|keeps) (?:\w+ )?cheating",
        r"(?:penalty|penalties|punishment|punish) (?:for|on) (?:\w+ )?(?:cheat|reneg|breaking|broke|peek|taking back|not following suit|failing to follow|playing out of turn)",
        r"reneged|reneges\b",
        r"(?:broke|violated) (?:a |the |one of the |our |that |this )?rules?\b",
        "rules? (?:breach|violation)",
        "took (?:back|(?:it|the card|a card|his card|her card|their card) back)",
        "turned out (?:that )?(?:he|she|they|someone|somebody|one player|a player) (?:had|held|could|was holding|still had)",
        "(?:found out|noticed|realized|realised|discovered|spotted it) (?:only )?(?:later|afterwards|too late|after the (?:round|trick|game|hand|fact))",
        "lied (?:when|after) ",
        "(?:did (?:it|that|this)|out of turn) on purpose",
    ),
    "lt": (
        "suk[čc]i(?!avim)",
        r"(?:baud|bausm|nubaust|baust)\w* (?:u[žz] )?(?:suk[čc]iavim|taisykli\w* pa[žz]eidim|pa[žz]eidim)",
        r"(?:pa[žz]eid[ėe]|sulau[žz][ėe])\w* (?:\w+ )?taisykl|taisykl\w* (?:pa[žz]eid[ėe]|sulau[žz][ėe])",
        r"nesilaik[ėe]\w* taisykl",
        r"(?:ned[ėe]j|nepad[ėe]j|neu[žz]d[ėe]j|nesek[ėe]|nesilaik[ėe])\w* (?:[įi] )?(?:tos pa[čc]ios |pradėtos |pradetos )?spalv\w*,? (?:nors|bet|o|kai) (?:\w+ )?tur[ėe]j",
        r"(?:paai[šs]k[ėe]j|pasirod[ėe]|pasirodo)\w*,? kad (?:\w+ )?(?:vis d[ėe]lto |visgi )?tur[ėe]j",
        r"atsi[ėe]m(?:[ėe]|iau)|atsiim\w* (?:jau )?(?:su[žz]aist|pad[ėe]t|i[šs]mest|kort)",
        r"(?:pasi[ėe]m[ėe]|pa[ėe]m[ėe]|pasi[ėe]miau)\w* (?:\w+ )?atgal",
        "(?:[ėe]jo|[ėe]jau|d[ėe]jo|su[žz]aid[ėe]|pa[ėe]m[ėe]) ne (?:savo |i[šs] )?eil",
        r"(?:atsak[ėe]|pasak[ėe]|[žz]aid[ėe](?!j)|[žz]aid[žz]ia)\w* nes[ąa][žz]iningai|nes[ąa][žz]iningai (?:atsak[ėe]|pasak[ėe])",
        "(?:nu)?sl[ėe]p[ėe]",
        r"melav(?:o|au)\w*,? (?:atsakydam|atsakant|kai (?:\w+ )?sp[ėe]j)",
        r"pagav\w* (?:\w+ )?(?:suk[čc]iaujant|meluojant)",
    ),
    "et": (
        r"(?:tegi|tegid|tegin|tegite) (?:\w+ )?sohki|sohki (?:tegi|tegid|tegin|tegite)",
        r"(?:petis|pettur\w*|petmise (?:eest|korral|puhul))",
        r"(?:hiljem|pärast|alles hiljem|tagantjärele) (?:selgus|tuli välja|avastasi\w*|märkasi\w*)",
        r"võt(?:tis|sid|sin|tis) (?:\w+ )?(?:kaardi|kaarte|kaart|kaardid) (?:\w+ )?tagasi",
        "(?:rikkumise (?:eest|korral|puhul)|reeglirikkuja|reeglite rikkuja)",
        r"(?<!kas )(?:keegi|mängija|ta|tema) (?:on |oli )?(?:reegl\w* )?(?:rikkus|rikkunud)\b",
        r"(?:tunnistamata jät\w* (?:eest|korral|puhul)|(?:ei tunnistanud|ei käinud|tunnistamata)\b.{0,60}\bkuigi tal (?:oli|olid)\b)",
        r"(?:(?:tihi|vooru?|käik|käigu)\w* (?:\w+ ){0,2}tühist|tühista\w* (?:\w+ )?(?:tihi|vooru?|käik|käigu))",
        r"muutis (?:\w+ )?ennustus",
    ),
    "fi": (
        r"huija(?:s|nn|ri|ttiin|a(?!\w))",
        r"fuska(?:s|nn|ri|ttiin|a(?!\w))",
        r"(?:rangaistu\w*|rangaise\w*|rangaista\w*|seuraamu\w*|sakko\w*) (?:\w+ ){0,3}(?:huija|fuska|vilpi|vilpp|sääntörik|sään\w* rikko|rikko|tunnustamat|(?:ei|en) tunnusta)",
        r"(?:huijaami|huijauk|huijaukse|vilpi|vilpp|sääntörik|rikkomu|rikkomi)\w* (?:\w+ ){0,3}(?:rangai|seuraamu|sakk)",
        "sääntörik",
        r"(?:rikkoi|rikoin|rikoit|rikkoivat|rikkonut|rikkoneet|rikottiin) (?:\w+ )?(?:sään|tunnust)",
        r"(?:ei|en|et|eivät) tunnustanut (?!.*(?:narri|velho)).*?\bvaikka\b",
        r"(?:jätti|jätin|jätit|jättivät|jättänyt|jättäneet) (?:\w+ )?tunnustamatta(?!.*(?:narri|velho))",
        r"(?:katsoi|katsoin|katsoit|katsoivat|katsonut|vilkaisi|vilkaisin) (?:\w+ )?(?:salaa|luvatta)",
        r"(?:otti|otin|otit|ottivat|ottanut|ottaneet) (?:\w+ )?(?:\w+ )?kort\w* takaisin(?! (?:laatik|pakka|vihjepak|pelilaatik))",
        r"(?:jäi|jäin|jäit|jäivät|jäänyt|jääneet) (?:\w+ )?kiinni",
        r"(?:huomattiin|huomasimme|huomasin|huomasi|paljastui|selvisi) (?:\w+ )?(?:jälkikäteen|myöhemmin)",
        r"(?:valehteli|valehtelin|valehtelit|valehdellut)\W+(?:\w+\W+){0,3}?arvau",
    ),
    "ko": (
        r"반칙(?:을|를)?\s?(?:했(?!나|는지|을까|는가)|한 (?:사람|플레이어|경우)|하면|했을 때)",
        "치팅",
        r"부정행위(?:를\s?)?(?:했(?!나|는지|을까|는가)|한 (?:사람|플레이어|경우)|하면)",
        r"속임수(?:를\s?)?(?:썼|쓴 |쓰면|부렸|부린)",
        r"사기\s?(?:를\s?)?(?:쳤|친 |치면|치는 |쳐서)",
        r"(?:규칙|룰)(?:을|를)?\s?(?:어겼(?!나|는지|을까|는가)|어긴 (?:사람|플레이어|경우)|어기면|안 지켰(?!나|는지|을까)|지키지 않았(?!나|는지|을까))",
        r"(?:규칙|룰) 위반(?:을\s?)?(?:했(?!나|는지|을까|는가)|한 (?:사람|플레이어|경우)|하면|시 )",
        r"(?:반칙|부정행위|치팅|속임수|규칙 위반|룰 위반)[^.?!\n]{0,8}(?:벌칙|벌점|페널티|패널티|처벌|불이익|제재)",
        "냈다가 (?:다시 )?(?:가져|집어|회수|거둬|손에|무르|물렀|바꿨|바꾸)",
        r"바꿔\s?(?:치기|쳤|친 )|몰래 (?:바꿨|바꾼|바꿔)",
        "있(?:었)?(?:는데|으면서)도? (?:딴|다른) (?:무늬|색)(?: 카드)?(?:를|을)? ?냈",
        "몇 (?:트릭|라운드) 전에|이미 (?:끝난|지난) (?:트릭|라운드)에서",
    ),
}
