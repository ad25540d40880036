"""House rules and team play: none of the games has them (a game's official variants are rules,
and their entries answer them), so a question about them ("house" in search/beyond.py) gets no
card: the page says that what a table agrees on is up to it. So does a table custom no
rulebook sets: cutting the deck, who shuffles and how (the sixteenth round's words, by one native
reader per language who saw no evaluation set nor miss, guarded against Wizard's dealer, who
shuffles by the rules).

Written in the fourteenth round of the search issue by one native reader per language and cut
by a second, neither of whom saw an evaluation set or a miss. Plain "variant" stands nowhere
here, and most words are guarded, over the whole question, against the words of what the rules
do say (an official variant called a house rule, Siggil's sets compared "3 against 2", cards
given to a partner).
Regular expressions, matched as in search/beyond.py; each has its question in
tests/search/beyond_questions.py.
"""
from __future__ import annotations

# Words that make a question one on the game's own play, not on teams or house rules; several
# guards below share each list.
# lt: cards given, traded or pooled between players (a ruling: no entry allows it)
_LT_GIVEN = r"(?<!\w)(?:main|apsikei|keis|keit|perduo|perdav|atiduo|atidav|duot|paduo|dalint(?:is|[ėe]si|um[ėe]s)\b|sud[ėe]t\w* (?:\w+ )?kort|bendr\w* rinkin)"
# et: cards given, traded, pooled, taken or shown between players
_ET_GIVEN = r"vaheta\w*|kokku pan\w*|and(?:a|ma|is|sin|sid)|anna\w*|kaubel\w*|kauple\w*|v[õo]tta|n[äa]ita\w*|n[äa]ida\w*"
# fi: bids, sets, piles, spirits, face-up sets and the official variants
_FI_GAME = "tarjou|lupau|summa|sarja|setti|setit|pino|hahmo|henk|kuvapuoli|kuvat ylö|virallin|muunnel"

HOUSE_RULES: dict[str, tuple[str, ...]] = {
    "en": (
        r"^(?!.*\b(?:dealer|bids?|bidding|even|add up|adds up|equal\w*|face[- ]?up|sets?|set size|minimum|at least|miss\w*|no[- ]?trump|trumps?|variants?|official)\b).*?(?<!\w)(?:(?:any|some|good|popular|common|favou?rite|recommended|fun|other|known|cool|best) (?:house|home) ?rul\w*|(?:house|home) ?rules? (?:for|in|with|ideas?|suggestions?|people use|you use|that work)\b|houserul\w*|homebrew\w*|home-brew\w*|custom rules?\b)",
        r"^(?!.*\b(?:dealer|bids?|bidding|add up|adds up|equal\w*|face[- ]?up|sets?|set size|minimum|at least|miss\w*|no[- ]?trump|trumps?|official)\b).*?(?<!\w)(?:(?:our|my|your|their) own (?:rules?|variants?|version)\b|(?:make|made|making|invent\w*|create\w*|come up with|came up with|add|adding|added) (?:up )?(?:our |my |your |their |some |a few |a )?(?:own|new|custom|extra) rules?\b)",
        r"^(?!.*\b(?:giv\w*|gave|trad\w*|swap\w*|shar\w*|pool\w*|exchang\w*|combin\w*|(?:cards|hands) together)\b).*?(?<!\w)(?:(?:play|plays|played|playing|split|split up|divided?|compete|go) (?:it )?(?:in|into|as|with) (?:two |2 |three |3 )?teams\b|in teams\b|teams? of (?:two|2|three|3)\b|team (?:play|game|variant|mode|version|rules?|scor\w*|bid\w*)\b|team-?mates?\b|team mates?\b|(?:my|our|your|the other|opposing|each) team\b)",
        r"partnership\w*|partners? (?:game|variant|mode|version|play|rules?|bid\w*|scor\w*)\b|^(?!.*\b(?:cards?|sets?|spirits?|captur\w*|steal\w*)\b).*?(?<!\w)(?:(?:play|plays|played|playing) (?:it |\w+ )?(?:as |with |in )partners\b|(?:play|plays|played|playing|split|split up|divided?|sit|compete) (?:it |up |\w+ )?(?:in|into|as) pairs\b)",
        r"^(?!.*\b(?:cards?|sets?|spirits?|steal\w*|stole\w*|take|taking|took|captur\w*|bid\w*|tricks?|won|points?)\b).*?(?<!\w)(?:(?:two|2) ?(?:vs\.?|versus|v|on|against) ?(?:two|2)|(?:three|3) ?(?:vs\.?|versus|v|on|against) ?(?:three|3))\b",
        r"^(?!.*\b(?:solo|alone|single|one player|1 player|by myself|giv\w*|trad\w*|swap\w*|shar\w*|(?:cards|hands) together)\b).*?(?<!\w)(?:co-?op\b|co-?operative\w*|play together against the game\b)",
        # sixteenth round (see the module's docstring)
        r"^(?!.*(?:trump|bid)).*?(?<!\w)(?:cut(?:s|ting)? (?:the )?(?:deck|cards|pack)|cut before)",
        r"^(?!.*(?:reveal|clue|spirit|solo|discard)).*?(?<!\w)(?:riffle|overhand|(?:pile|mash|wash|smoosh)[- ]?shuffl|how (?:many times|often) (?:should |do |must |to )?(?:\w+ )?shuffle|how (?:should|do|must) (?:we|i|you) shuffle|how to shuffle)",
    ),
    "lt": (
        r"^(?!.*(?:prognoz|rinkin|oficial|populiar\w* variant|leid[ėe]j|didesn|atverst|draud)).*?(?<!\w)(?:nam[ųu] taisykl(?:ės|es|ių|iu|ėms|ems|ėmis|emis|ėse|ese)\b|house rul|homebrew|nuosav\w* (?:taisykl|variant))",
        r"^(?!.*(?:leid[ėe]j|gamintoj|oficial|solo|vienam\b|dviese|trise|keturiese|penkiese|[šs]e[šs]iese|raund|re[žz]im|variant|turi savo)).*?(?<!\w)sav(?:o|as) (?:pa[čc]i\w* |sugalvot\w* |susigalvot\w* )?taisykl",
        r"^(?!.*(?:oficial|leid[ėe]j|populiar|[žz]aid[ėe]j[ųu] sugalvot|kieno|prognoz|rinkin|svetain)).*?(?<!\w)(?:(?:sugalvoj(?:om|ome|au)\b|sugalvot\w*) (?:\w+ )?(?:taisykl|variant)|susigalvo(?:t|j)\w* (?:\w+ )?(?:taisykl|variant))",
        r"^(?!.*" + _LT_GIVEN + r").*?(?<!\w)(?:komand|team)",
        r"^(?!.*(?:kort|rinkin|dvas|sugau|gaud|" + _LT_GIVEN + r")).*?(?<!\w)(?:porom(?:is)?\b|poros prie[šs] por|por(?:oj|os)e su)",
        r"^(?!.*(?:dviese|" + _LT_GIVEN + r")).*?(?<!\w)(?:(?:su|prie[šs]) (?:savo |mano )?partneri\w*|partneri\w* prie[šs]|(?:mano|savo) partneri\w* (?:komand|por)|bendra[žz]aid|s[ąa]jungin)",
        r"^(?!.*(?:kort|rinkin|dvas|perim|per[ėe]m|sugau|atim)).*?(?<!\w)(?:(?:du|dvi|2) (?:prie[šs]|vs\.?|v|ant) (?:du|dvi|2)\b|2 ?vs\.? ?2\b|2v2\b)",
        r"^(?!.*(?:kort|dvas|[šs]eim|spalv)).*?(?<!\w)(?:susiskirst|pasiskirst)\w* [įi] (?:por|grup|komand)",
        # sixteenth round (see the module's docstring)
        r"^(?!.*(?:panaudot|kr[uū]vel)).*?(?<!\w)kiek kart\w* (?:\w+ ){0,2}?(?:su|per)?mai[sš]",
        r"mai[sš]ym\w* (?:b[uū]d|technik|stili|metod)|riff?l|overhand|mai[sš]\w* (?:\w+ ){0,3}?(?:rankose|i[sš]bar[sš][cč])",
    ),
    "et": (
        r"^(?!.*\b(?:ennust\w*|summa\w*|lubadus\w*|komplekt\w*|pildiga|avatu\w*|lahtis\w*|vaheta\w*|kokku pan\w*)\b).*?(?<!\w)(?:(?:v[õo]i(?:b|me|n)|tohi(?:b|me|n)|saa(?:b|me)|lubatud|ise|teha|tegime|mingeid|mingi|m[õo]ni|m[õo]ned|kasuta\w*)(?: \w+)? (?:maja|kodu)reeg|(?:maja|kodu)reeg\w* (?:on |olla )?(?:lubatud|keelatud|kasutada|teha|tohib|v[õo]ib|okei|ok)\b)",
        r"^(?!.*\b(?:ennust\w*|summa\w*|komplekt\w*|vaheta\w*|kokku pan\w*)\b).*?(?<!\w)(?:(?:oma|omad|omi|enda) (?:v[äa]lja ?)?(?:m[õo]eldud|loodud|tehtud|kokku lepitud) (?:reegl|variant|variand)|(?:teha|teeme|tegime|luua|l[õo]ime|m[õo]elda|m[õo]tlesime|v[äa]lja m[õo]el\w*|kasutada|kasutame|m[äa]ngida|m[äa]ngime) (?:\w+ )?(?:oma|omad|omi|enda) reegl)",
        r"^(?!.*\b(?:" + _ET_GIVEN + r")\b).*?(?<!\w)(?:meeskon|v[õo]istkon|tiim)",
        r"^(?!.*\b(?:kaar\w*|komplekt\w*|vaim\w*|vihje\w*)\b).*?(?<!\w)paari(?:des|kaupa|dena|sm[äa]ng\w*)\b",
        r"^(?!.*\b(?:" + _ET_GIVEN + r")\b).*?(?<!\w)(?:paarili|partner)",
        r"^(?!.*\b(?:kaar\w*|komplekt\w*|vaim\w*|tihi\w*)\b).*?(?<!\w)(?:(?:kaks|2) (?:kahe|2) vastu|kolm kolme vastu|\d ?(?:vs\.?|v) ?\d\b)",
        # sixteenth round (see the module's docstring)
        r"^(?!.*(?:vaim|k[äa]tte|komplekt)).*?(?:(?:pakki|paki|kaardipakki|kaarte) (?:\w+ )?(?:t[õo]sta|t[õo]stma|t[õo]stab|t[õo]stetakse|t[õo]stmine|t[õo]sti|t[õo]stis|l[õo]iga|l[õo]ikama)|(?:t[õo]sta|t[õo]stma|t[õo]stab|t[õo]stetakse|t[õo]stis|t[õo]stan|l[õo]igata|l[õo]ikab) (?:\w+ )?(?:pakki|paki|kaardipakki|kaarte)|paki t[õo]stmi\w*|pakit[õo]st\w*)",
        r"^(?!.*(?:vihjepak|virn|avalikustamis|vaimukaart|[üu]ksikm)).*?(?:mitu korda (?:\w+ ){0,4}?seg|kuidas (?:\w+ ){0,2}?(?:[õo]igesti|korralikult|k[õo]ige paremini|h[äa]sti) (?:\w+ )?seg|seg\w* (?:\w+ ){0,2}?(?:hunnikute|hunnikutesse|hunnikuteks|laual laiali|lauale laiali|p[öo]idla)|segamis(?:v[õo]te|viis|tehnika|masin|aparaat)|riffle|kaardisegaja)",
        r"^(?!.*(?:jagaja|vasakul|paremal|p[äa]rip[äa]eva|alusta|ennust)).*?(?:istumis\w*|istekoh\w*|(?:kuhu|kuidas|kus) (?:\w+ ){0,2}?istu(?:b|da|ma|vad|me|te)|(?:kelle|kellega) (?:\w+ )?(?:k[õo]rval|k[õo]rvale|vastas) (?:\w+ )?istu\w*|(?:kohad|kohtade) (?:\w+ )?laua (?:[üu]mber|taga))",
    ),
    "fi": (
        r"^(?!.*(?:" + _FI_GAME + r")).*?(?<!\w)kotisään(?:töjä|nöt|nöistä|töjen|töihin)\b",
        r"^(?!.*(?:" + _FI_GAME + r")).*?(?<!\w)talon sään",
        r"^(?!.*(?:" + _FI_GAME + r")).*?(?<!\w)(?:house[ -]?rul|hausrul)",
        r"^(?!.*(?:" + _FI_GAME + r"|yksinpel|kaksinpel|pelaajan|pelaajalla|velho|narri)).*?(?<!\w)(?:om(?:ia|ien|ista|illa|iin) sään[tn]|(?:meidän|meillä|käyt\w*|teh\w*|keksi\w*|sovi\w*|pelata) (?:\w+ ){0,2}?omat sään[tn])",
        r"itse keksi\w* sään|keksi\w* (?:\w+ )?(?:uusia|omia|lisää) sään",
        "joukkue",
        "tiim(?:i|e)",
        r"^(?!.*(?:kort|sarja|setti|pino|henk|hahmo|vangi|nappa)).*?(?<!\w)(?:pare(?:ittain|ina|issa|iksi)|parina)\b|paripeli",
        "(?:pari)?kumppan|partner",
        r"^(?!.*(?:kort|sarja|setti|pino|henk|hahmo|vangi|viedä|vei\b|vietiin|varast)).*?(?<!\w)(?:kaksi|2) ?(?:vastaan|vs\.?|v) ?(?:kaksi|2)\b",
        # sixteenth round (see the module's docstring)
        r"^(?!.*(?:valt|tarjou)).*?(?<!\w)(?:kupat|kuppa|kuppau|pakan\s+leikk|leikat\w*\s+pakk|leikkaa\w*\s+pakk|nost\w*\s+pakan(?!\s+(?:p[äa][äa]lt|p[äa][äa]llimm|pohja|alta))|pakka\s+(?:\w+\s+)?nost\w*\s+(?:\w+\s+)?ennen\s+jak|pakan\s+nosto)",
        r"^(?!.*(?:paljastus|vihje|poistopin|henki|yksinpel)).*?(?<!\w)(?:sekoitus(?:tapa|tekniik|tyyli)|riffl|lomitt\w*|(?:miten|kuinka)\s+(?:\w+\s+){0,2}sekoit\w*\s+(?:\w+\s+){0,2}(?:kunnolla|hyvin|parhaiten|tarpeeksi)|(?:montako|kuinka\s+monta)\s+kertaa\s+(?:\w+\s+){0,4}sekoit)",
        r"^(?!.*(?:vasem|oikea|jakaja|aloitt|tarjo)).*?(?<!\w)(?:istumaj[äa]rjest|istumapaik|paikkaj[äa]rjest|istutaanko|(?:kuka|kenen|miten|miss[äa]|kuinka)\s+(?:\w+\s+){0,2}(?:istuu|istua|istutaan)|pelaajien\s+paikat)",
        r"^(?!.*(?:sigill|kierroksen\s+numero|yksinpel)).*?(?<!\w)(?:jae\w*\s+(?:\w+\s+){0,2}(?:yksi|kaksi|kolme|kortti)\s+kerrallaan|jak\w*\s+(?:\w+\s+){0,2}(?:yksi|kaksi|kolme|kortti)\s+kerrallaan|kerrallaan\s+(?:\w+\s+){0,2}jak)",
    ),
    "ko": (
        r"^(?!.*(?:변형|합계|세트|앞면|뒷면)).*?하우스\s?(?:룰|규칙)(?:을|를|도|은|는)?\s?(?:만들|만드|정해도|정하|짜|추천|직접|새로|마음대로|맘대로)",
        r"(?:자체\s?(?:룰|규칙)(?:을|를)?\s?(?:만들|만드|정해|정하|짜)|(?:로컬|우리 ?집|동네)\s?(?:룰|규칙)(?!서|책))",
        r"^(?!.*(?:변형|합계|세트|앞면|뒷면)).*?(?:(?:우리|저희)\s?(?:끼리\s?|만의\s?|가 만든\s?|가 정한\s?|식\s?)|나만의\s?)(?:룰|규칙)(?!서|책)",
        r"^(?!.*(?:변형|합계|세트|앞면|뒷면)).*?끼리\s?(?:정한|만든|바꾼|합의한|하는)\s?(?:룰|규칙)(?!서|책)",
        r"^(?!.*(?:변형|합계|세트|앞면|뒷면)).*?(?:룰|규칙)(?:을|를)?\s?(?:마음대로|맘대로|임의로|새로 만들|직접 만들|만들어)",
        r"(?:(?<!스)팀\s?(?:전|플|으로|끼리|대항|대결|모드|플레이|변형|규칙|룰|게임|별|vs)|(?<!스)팀(?:을|으로)?\s?(?:짜|나눠|나누|갈라|이뤄|이루)|한 팀(?:으로|이 되|이 돼|을 이|이서))",
        r"편(?:을)?\s?(?:갈라|나눠|나누|짜서|짜고|짜면)",
        r"(?<!\d)[23]\s?(?:대|vs\.?|:)\s?[23](?![\d장])",
        r"(?:둘|두 ?명|두 ?사람|셋|세 ?명)\s?(?:대|vs\.?)\s?(?:둘|두 ?명|두 ?사람|셋|세 ?명)",
        "(?:파트너|짝꿍)",
        r"(?:(?:2|두)\s?인\s?1\s?조|(?:둘|두 ?명|2\s?명|두 ?사람)씩\s?(?:짝|조|편))",
        # sixteenth round (see the module's docstring)
        r"^(?!.*(?:1인|혼자|솔로|정령|버린\s*더미|공개\s*카드|비밀\s*숫자\s*공개)).*?(?:리플|오버핸드|힌두\s*셔플|파일\s*셔플|워시\s*셔플|섞는\s*(?:방법|법|요령)|몇\s*번(?:이나|을|은)?\s*(?:섞|셔플))",
        r"셔플러|셔플\s*기계|카드\s*섞는\s*기계|자동\s*셔플",
        r"자리\s*(?:배치|배정)|앉는\s*(?:순서|자리|위치|방법)|어디에?\s*앉|(?:자리|좌석)(?:를|을)?\s*(?:정하|바꾸|바꿔)|좌석|마주\s*앉|번갈아\s*앉",
    ),
}
