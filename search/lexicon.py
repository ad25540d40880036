"""The words the analyzers know, per language: the languages and their Snowball names,
the word pattern (words and the symbols the rules talk about), stop words, number
words and English irregular forms.

Plain data, shared by the Latin-script analyzers (`search.analyzers`), the Korean
ones (`search.korean`) and the reading of a question (`search.reading`).
"""
from __future__ import annotations

import re

LANGS = ("lt", "et", "ko", "fi", "en")
SNOWBALL = {"lt": "lithuanian", "et": "estonian", "fi": "finnish", "en": "english"}

# A word, or one of the symbols the rules talk about: "#", "##", "+1", "-1"
# (a sign counts only at the start of a word: "1-20" is two numbers).
WORD_PATTERN = r"#{1,3}|(?<!\w)[+\-\u2212\u00b1]\d+|\w+(?:['\u2019]\w+)*"
SYMBOL = re.compile(r"#{1,3}|(?<!\w)[+\-\u2212\u00b1]\d+")

# --- stop words: short lists of function words and question words -------------------------
# Negations ("no", "not", "ei", "ne") are deliberately absent: "no trump" matters. So are
# "already", "still" and "only" (jo, vielä, vain; juba, veel, ainult; jau, dar, tik): "a spirit
# already captured", "I still have the suit" ask for another ruling than without them (Korean
# keeps 이미, 아직 with its other adverbs: korean.py). A pronoun is a stop word in every form
# (joka, jossa, jolla...; mis, millega...; kuris, kuriuos, šis...), not only its commonest.

STOP_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset(["a", "an", "the", "and", "or", "but", "if", "then", "than", "so", "of", "to", "in", "on", "at", "by", "for", "from", "with", "without", "into", "onto", "about", "as", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does", "did", "doing", "done", "have", "has", "had", "having", "i", "me", "my", "mine", "we", "us", "our", "you", "your", "yours", "he", "him", "his", "she", "her", "it", "its", "they", "them", "their", "theirs", "this", "that", "these", "those", "there", "here", "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "can", "could", "may", "might", "must", "shall", "should", "will", "would", "need", "needs", "any", "some", "such", "other", "s", "t", "just", "also", "very", "too", "really", "please", "go", "goes", "going", "went", "gone", "got", "get", "gets", "getting", "happen", "happens", "happened", "now", "okay", "ok", "allowed", "able", "someone", "somebody", "anyone", "anybody", "thing", "things", "way", "many", "much", "game", "games"]),
    "lt": frozenset(["ir", "ar", "bet", "o", "kad", "jei", "jeigu", "kai", "kada", "nes", "tai", "tas", "ta", "tie", "tos", "to", "tą", "tuo", "toje", "tada", "nors", "yra", "buvo", "bus", "būti", "esu", "esi", "esame", "esate", "aš", "tu", "jis", "ji", "mes", "jūs", "jie", "jos", "mano", "tavo", "jo", "mūsų", "jūsų", "jų", "man", "tau", "jam", "jai", "mums", "jums", "mane", "tave", "save", "sau", "savo", "kas", "ką", "kuo", "kam", "ko", "kur", "kaip", "kodėl", "kuris", "kuri", "kurie", "kurios", "kurį", "kurią", "kokia", "koks", "kokie", "kokios", "į", "iš", "su", "be", "prie", "per", "po", "ant", "už", "nuo", "iki", "apie", "pas", "tarp", "dėl", "gal", "galiu", "gali", "galima", "galime", "galite", "galėtų", "reikia", "turiu", "turi", "turime", "turite", "taip", "pat", "labai", "čia", "ten", "dabar", "nutinka", "vyksta", "daryti", "darau", "daro", "kažkas", "kas", "nors", "kiek", "žaidimas", "žaidime", "žaidimo", "žaidimą", "kurio", "kuriam", "kuriame", "kurioje", "kuriuo", "kuria", "kurių", "kuriems", "kuriais", "kuriuos", "kurias", "tam", "tame", "tuos", "tų", "tiems", "šis", "ši", "šie", "šios", "šį", "šią", "šio", "šiam", "šiame", "šioje", "šiuo", "šia"]),
    "et": frozenset(["ja", "ning", "või", "aga", "kui", "et", "siis", "kas", "sest", "ka", "ju", "ikka", "on", "oli", "olen", "oled", "oleme", "olete", "olla", "olema", "pole", "polnud", "mina", "ma", "sina", "sa", "tema", "ta", "meie", "me", "teie", "te", "nemad", "nad", "minu", "mu", "sinu", "su", "oma", "mind", "sind", "teda", "meid", "teid", "neid", "mulle", "sulle", "talle", "mul", "sul", "tal", "see", "seda", "selle", "sellel", "selles", "need", "nende", "too", "mis", "mida", "mille", "kes", "keda", "kelle", "kus", "kuhu", "kust", "millal", "miks", "kuidas", "milline", "millised", "kumb", "saan", "saad", "saab", "saame", "saate", "võin", "võid", "võib", "võime", "võite", "tohin", "tohid", "tohib", "pean", "pead", "peab", "peame", "peate", "tuleb", "väga", "siin", "seal", "nüüd", "juhtub", "teha", "teen", "teeb", "keegi", "midagi", "mingi", "mitu", "mitut", "palju", "mäng", "mängus", "mängu", "millel", "milles", "millest", "millele", "millega", "milleks", "sellest", "sellele", "sellega", "selleks", "nendel", "neil", "neile", "meil", "teil", "meile", "teile", "minul", "sinul", "sel", "sellelt", "sellesse", "selleni"]),
    "fi": frozenset(["ja", "tai", "mutta", "jos", "kun", "että", "niin", "kuin", "sekä", "myös", "hyvin", "entä", "sitten", "nyt", "on", "ovat", "oli", "olivat", "olla", "olen", "olet", "olemme", "olette", "ole", "onko", "minä", "sinä", "hän", "me", "te", "he", "minun", "sinun", "hänen", "meidän", "teidän", "heidän", "mä", "sä", "mun", "sun", "minua", "sinua", "häntä", "meitä", "teitä", "heitä", "minulla", "sinulla", "hänellä", "minulle", "sinulle", "mulla", "mulle", "se", "ne", "sen", "niiden", "sitä", "niitä", "tämä", "nämä", "tämän", "näiden", "tätä", "tuo", "siitä", "siihen", "niille", "niistä", "mikä", "mitä", "mistä", "mihin", "missä", "millä", "mille", "miksi", "miten", "kuka", "ketkä", "kenen", "kenelle", "minne", "voi", "voin", "voit", "voiko", "voinko", "saa", "saanko", "saako", "saan", "saat", "saavat", "täytyy", "pitää", "pitääkö", "täytyykö", "tuleeko", "joka", "jotka", "jonka", "joku", "jonkun", "tapahtuu", "teen", "teet", "tekee", "tehdä", "käy", "oma", "oman", "omaa", "omat", "omalla", "montako", "monta", "kuinka", "paljonko", "ko", "kö", "han", "peli", "pelin", "pelissä", "jota", "jossa", "josta", "johon", "jolla", "jolta", "jolle", "jona", "joiden", "joita", "joissa", "joista", "joihin", "joilla", "joille", "tässä", "tästä", "tähän", "tällä", "tälle", "siinä", "sillä", "sille", "siltä", "niissä", "niihin", "niillä", "sulla", "sulle", "meillä", "meille", "teillä", "teille", "heillä", "heille", "käykö"]),
    "ko": frozenset(["하", "되", "있", "것", "수", "때", "경우", "어떻", "어떡하", "게임", "좀", "혹시", "해야", "거", "가능", "방법", "알려주", "알"]),
}

# Number words to digits (the rules mix "two clue actions" and "2 clue actions").
NUMBER_WORDS: dict[str, dict[str, str]] = {
    "en": {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
           "eight": "8", "nine": "9", "ten": "10", "twenty": "20", "sixty": "60", "zero": "0",
           "once": "1", "twice": "2", "first": "1", "second": "2", "third": "3"},
    "fi": {"yksi": "1", "yhden": "1", "yhtä": "1", "kaksi": "2", "kahden": "2", "kahta": "2",
           "kolme": "3", "kolmen": "3", "kolmea": "3", "neljä": "4", "neljän": "4", "neljää": "4",
           "viisi": "5", "viiden": "5", "kuusi": "6", "kuuden": "6", "seitsemän": "7",
           "kymmenen": "10", "kaksikymmentä": "20", "kuusikymmentä": "60", "nolla": "0",
           "yks": "1", "kaks": "2", "viis": "5", "kuus": "6"},
    "et": {"üks": "1", "ühe": "1", "üht": "1", "kaks": "2", "kahe": "2", "kahte": "2", "kolm": "3",
           "kolme": "3", "neli": "4", "nelja": "4", "viis": "5", "viie": "5", "kuus": "6", "kuue": "6",
           "seitse": "7", "seitsme": "7", "kümme": "10", "kakskümmend": "20", "null": "0"},
    "lt": {"vienas": "1", "viena": "1", "vieną": "1", "vieno": "1", "du": "2", "dvi": "2",
           "dviejų": "2", "dviem": "2", "trys": "3", "trijų": "3", "tris": "3", "trims": "3",
           "keturi": "4", "keturios": "4", "keturių": "4", "penki": "5", "penkių": "5",
           "šeši": "6", "šešių": "6", "septyni": "7", "septynių": "7", "dešimt": "10",
           "dvidešimt": "20", "nulis": "0", "nulį": "0"},
    "ko": {"하나": "1", "한": "1", "둘": "2", "두": "2", "셋": "3", "세": "3", "넷": "4", "네": "4",
           "다섯": "5", "여섯": "6", "일곱": "7", "열": "10", "스물": "20", "영": "0"},
}

# English irregular forms the Snowball stemmer leaves apart (made/make, won/win).
ENGLISH_IRREGULAR = {
    "made": "make", "won": "win", "lost": "lose", "led": "lead", "dealt": "deal", "took": "take",
    "taken": "take", "drew": "draw", "drawn": "draw", "threw": "throw", "thrown": "throw",
    "laid": "lay", "held": "hold", "chose": "choose", "chosen": "choose", "gave": "give",
    "given": "give", "saw": "see", "seen": "see", "told": "tell", "said": "say", "put": "put",
    "left": "left", "kept": "keep", "knew": "know", "known": "know", "began": "begin",
    "begun": "begin", "stole": "steal", "stolen": "steal", "caught": "catch", "broke": "break",
    "fell": "fall", "beat": "beat", "beaten": "beat", "hid": "hide", "hidden": "hide",
    "shown": "show", "bought": "buy", "thought": "think", "got": "get", "gotten": "get",
    "ran": "run", "went": "go", "gone": "go", "came": "come", "did": "do", "done": "do",
}

# --- the question's own words: filler, "how many", the answers that say yes or no ------------
# Filler: greetings, discourse particles and politeness that say nothing about the rules. A
# question's filler words are read as stop words are (they neither match nor weigh in the
# confidence), but only in questions: the texts are indexed as they are. General language,
# the same for every game; none of them was taken from an evaluation question.
FILLER: dict[str, frozenset[str]] = {
    "en": frozenset(["hey", "hi", "hello", "guys", "folks", "um", "uh", "erm", "hmm", "like", "actually",
                     "basically", "literally", "quick", "question", "wait", "well", "anyway", "anyways",
                     "yeah", "thanks", "thank", "pls", "plz", "lol", "honestly", "seriously", "mate", "dude",
                     "btw", "tho", "though", "sorry", "kinda", "sorta", "gonna", "wanna"]),
    "lt": frozenset(["labas", "sveiki", "klausimas", "klausimėlis", "nu", "na", "gi", "tipo", "žodžiu", "vyrai",
                     "žmonės", "ačiū", "prašau", "beje", "šiaip", "kažkaip", "tiesiog", "trumpai", "kažkur",
                     "vis", "vistiek", "nežinau", "sakykit", "pasakykit", "ei"]),
    "et": frozenset(["tere", "tsau", "küsimus", "noh", "nagu", "lihtsalt", "tegelikult", "kuule", "kuulge",
                     "aitäh", "palun", "muide", "sõbrad", "rahvas", "vist", "õieti", "ometi", "äkki", "üldse",
                     "nii", "öelge", "ütle", "ütelge"]),
    "fi": frozenset(["moi", "hei", "terve", "kysymys", "niinku", "vaan", "oikeastaan", "tota", "no", "kiitos",
                     "pliis", "muuten", "jätkät", "porukka", "ihan", "sillee", "kai", "varmaan", "siis", "vai",
                     "kertokaa", "kerro", "tiedättekö", "äkkiä", "nopea"]),
    "ko": frozenset(["그냥", "근데", "그런데", "저기", "아", "음", "진짜", "완전", "막", "약간", "질문", "궁금",
                     "여러분", "감사", "얘들", "있잖아", "그러니까", "제발", "빨리"]),
}

# Words that ask for a number: the short answer of a card for such a question is not a yes or a no.
COUNT_WORDS: dict[str, tuple[str, ...]] = {
    "en": ("how many", "how much", "number of"),
    "lt": ("kiek",),
    "et": ("mitu", "mitut", "kui palju", "mitme"),
    "fi": ("montako", "monta", "kuinka paljon", "paljonko", "moneen", "monelle", "monella"),
    "ko": ("몇", "얼마나", "얼마"),
}
# The words a yes-or-no short answer begins with.
YES_NO: dict[str, frozenset[str]] = {
    "en": frozenset(["yes", "no"]),
    "lt": frozenset(["taip", "ne"]),
    "et": frozenset(["jah", "ei"]),
    "fi": frozenset(["kyllä", "ei"]),
    "ko": frozenset(["네", "예", "아니요", "아니오", "아니", "아뇨"]),
}
