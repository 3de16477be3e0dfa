"""One language per surface (issue 36, item 6): the errors and the printed output of each
family of commands (classic, ranking, scrabble, backgammon, duplicate, lexicon, federation)
are French by default and English with ``--lang en``, worded through the catalogue."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from string import ascii_uppercase

import pytest

from arbitre.cli import main
from arbitre.i18n import LOCALE_DIR
from arbitre.i18n.po import parse
from arbitre.lexicon import DEFAULT_NOTICE
from tests.cli.test_cli_help_language import ENGLISH, FRENCH, words

PLAYERS = "Ana,1500\nBob,1400\nChloé,1300\n"


@pytest.fixture
def files(tmp_path: Path) -> Path:
    (tmp_path / "players.csv").write_text(PLAYERS, "utf-8")
    return tmp_path


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of ``arbitre argv`` (argparse's exits included)."""
    try:
        status = main(argv)
    except SystemExit as done:
        status = int(done.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def in_french(text: str) -> bool:
    """No English word in ``text`` (its French words are checked by the caller)."""
    return not words(text) & ENGLISH


def in_english(text: str) -> bool:
    return not words(text) & FRENCH


#: An error of each family: the command (``{dir}``: a folder of files) and a piece of its
#: one-line message in French and in English.
ERRORS = [
    pytest.param(
        ["classic", "pair", "--players", "{dir}/players.csv", "--rounds", "0"],
        "erreur : --rounds doit valoir au moins 1",
        "error: --rounds must be at least 1",
        id="classic-rounds",
    ),
    pytest.param(
        ["classic", "pair", "--players", "{dir}/players.csv", "--absent", "Zed"],
        "--absent : joueur inconnu « Zed »",
        "--absent: unknown player “Zed”",
        id="classic-unknown-player",
    ),
    pytest.param(
        ["classic", "replay", "{dir}/none.gcg"],
        "none.gcg : fichier introuvable",
        "none.gcg: no such file",
        id="classic-missing-record",
    ),
    pytest.param(
        ["ranking", "titles", "{dir}/r.csv", "--licensees-file", "{dir}/l.csv"]
        + ["--championship", "nope"],
        "--championship « nope » : l'un de individual",
        "--championship “nope”: one of individual",
        id="ranking-championship",
    ),
    pytest.param(
        ["ranking", "event", "{dir}/e.csv", "--date", "2020-13-01"],
        "argument --date : « 2020-13-01 » n'est pas une date AAAA-MM-JJ",
        "argument --date: “2020-13-01” is not a date YYYY-MM-DD",
        id="ranking-date",
    ),
    pytest.param(
        ["ranking", "licensees", "{dir}/l.csv", "--prefixes", "x"],
        "--prefixes « x » : écrivez CHIFFRES=FÉDÉRATION",
        "--prefixes “x”: write DIGITS=FEDERATION",
        id="ranking-prefixes",
    ),
    pytest.param(
        ["scrabble", "top"],
        "--rack est requis (jusqu'à 7 lettres",
        "--rack is required (up to 7 letters",
        id="scrabble-rack",
    ),
    pytest.param(
        ["scrabble", "top", "--board", "no-such-board", "--rack", "A"],
        "ni un texte de grille ni un fichier",
        "is neither board text nor a file",
        id="scrabble-board",
    ),
    pytest.param(
        ["backgammon", "clock", "--length", "0"],
        "longueur de match 0 invalide : 1 à 99 points",
        "invalid match length 0: 1 to 99 points",
        id="backgammon-length",
    ),
    pytest.param(
        ["backgammon", "moves", "4HPwATDgc/ABMA", "31", "--batch", "-"],
        "donnez soit --batch FILE, soit POSITION_ID DICE, pas les deux",
        "give either --batch FILE or POSITION_ID DICE, not both",
        id="backgammon-moves",
    ),
    pytest.param(
        ["backgammon", "pair", "--players", "{dir}/players.csv", "--withdraw", "Ana"],
        "argument --withdraw : NAME:ROUND attendu, pas « Ana »",
        "argument --withdraw: expected NAME:ROUND, not “Ana”",
        id="backgammon-withdraw",
    ),
    pytest.param(
        ["backgammon", "lateness"],
        "donnez --minutes (sans pendule)",
        "give --minutes (without clock)",
        id="backgammon-lateness",
    ),
    pytest.param(
        ["duplicate", "replay", "{dir}/none.json"],
        "none.json : fichier introuvable",
        "none.json: no such file",
        id="duplicate-missing-record",
    ),
    pytest.param(
        ["lexicon", "compare", "a", "b", "--samples", "-1"],
        "--samples doit être positif ou nul",
        "--samples must be positive or zero",
        id="lexicon-samples",
    ),
]


@pytest.mark.parametrize(("argv", "french", "english"), ERRORS)
def test_each_familys_errors_follow_the_language(
    capsys: pytest.CaptureFixture[str], files: Path, argv: list[str], french: str, english: str
) -> None:
    argv = [a.replace("{dir}", str(files)) for a in argv]
    status, _, err = run(capsys, argv)
    last = err.strip().splitlines()[-1]
    assert status == 2 and french in last and " : erreur : " in last, err
    assert in_french(last), last
    for where in (["--lang", "en", *argv], [*argv, "--lang", "en"]):
        status, _, err = run(capsys, where)
        last = err.strip().splitlines()[-1]
        assert status == 2 and english in last and ": error: " in last, err
        assert in_english(last), last


def test_printed_output_follows_the_language(
    capsys: pytest.CaptureFixture[str], files: Path
) -> None:
    pair = ["classic", "pair", "--players", str(files / "players.csv")]
    _, out, _ = run(capsys, pair)
    assert out.splitlines()[:2] == ["Ronde 1 sur 4", "Table  Joueur A  Joueur B  Commence"]
    assert "Chloé     EXEMPT" in out
    _, out, _ = run(capsys, [*pair, "--lang", "en"])
    assert out.splitlines()[:2] == ["Round 1 of 4", "Table  Player A  Player B  Starts"]
    assert "Chloé     BYE" in out
    clock = ["backgammon", "clock", "--length", "9", "--increment", "7.5"]
    assert run(capsys, clock)[1] == (
        "match en 9 points : 32:30 par joueur (22:30 pour les points + 10:00 de pause), "
        "plus 7,5 s par coup\n"
    )
    assert run(capsys, [*clock, "--lang", "en"])[1] == (
        "9-point match: 32:30 per player (22:30 for the points + 10:00 of break), "
        "plus 7.5 s per move\n"
    )
    ident = ["backgammon", "id", "cAkAAAAAAAAA"]
    _, out, _ = run(capsys, ident)
    assert "partie Crawford : non" in out and "videau : 1" in out
    _, out, _ = run(capsys, [*ident, "--lang", "en"])
    assert "Crawford game: no" in out and "cube: 1" in out


def test_the_notice_of_the_default_list_is_the_engines_in_french() -> None:
    """``arbitre lexicon info`` words the notice through the catalogue: its French wording is
    the engine's notice word for word (one text, shown by the web page too)."""
    from arbitre.cli.lexicon import NOTICE

    french = parse((LOCALE_DIR / "fr" / "LC_MESSAGES" / "django.po").read_text("utf-8"))
    assert french[NOTICE] == DEFAULT_NOTICE


@pytest.mark.django_db
def test_federation_errors_follow_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The command's own error and the application's refusal, in the command's language."""
    status, _, err = run(capsys, ["federation", "push"])
    assert status == 2 and "pas de lien avec la fédération" in err
    status, _, err = run(capsys, ["federation", "push", "--lang", "en"])
    assert status == 2 and "no link to the federation" in err
    status, _, err = run(capsys, ["federation", "link", "http://example.org", "k" * 20])
    assert status == 2 and "doit commencer par https://" in err and in_french(err)
    status, _, err = run(capsys, ["--lang", "en", "federation", "link", "http://x.org", "k"])
    assert status == 2 and "https://" in err and in_english(err), err


# -- every text the command line prints goes through the catalogue --------------------------

CLI = Path(__file__).resolve().parents[2] / "src" / "arbitre" / "cli"
#: The server's commands, whose texts another part of the project words.
SERVER = {"serve.py", "start.py", "_startup.py", "_tls.py"}
_TEXT = re.compile(r"[^\W\d_]{3,}")


def _modules() -> list[Path]:
    return [p for p in sorted(CLI.glob("*.py")) if p.name not in SERVER]


def _literal_words(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _TEXT.findall(node.value)
    if isinstance(node, ast.JoinedStr):
        return [w for v in node.values for w in _literal_words(v)]
    if isinstance(node, ast.BinOp):
        return _literal_words(node.left) + _literal_words(node.right)
    return []


def test_no_text_is_printed_or_raised_without_the_catalogue() -> None:
    """A sentence written in a ``print``, an error or an argparse type error (rather than
    through ``tr``) would be in one language whatever ``--lang`` says."""
    found = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            func = node.func
            name = getattr(func, "id", None) or getattr(func, "attr", "")
            if name in {"print", "write", "CliError", "ArgumentTypeError"}:
                text = set(_literal_words(node.args[0]))
                if text:
                    found.append(f"{path.name}:{node.lineno} {sorted(text)}")
    assert not found, "\n".join(found)


def _tr_msgids() -> set[str]:
    found: set[str] = set()
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr":
                arg = node.args[0]
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found


def test_every_text_of_the_commands_has_a_french_wording_with_its_placeholders() -> None:
    from arbitre.cli import _OS_ERRORS
    from arbitre.cli.backgammon_match import _ID_FIELDS
    from arbitre.cli.classic_game import _END_REASONS, _SHEET_KINDS
    from arbitre.cli.lexicon import NOTICE
    from arbitre.cli.ranking import _REASONS

    tables = [*_END_REASONS.values(), *_SHEET_KINDS.values(), *_ID_FIELDS.values()]
    tables += [*_REASONS.values(), *(text for _, text in _OS_ERRORS), NOTICE]
    msgids = _tr_msgids() | set(tables)
    assert len(msgids) > 150 and "Round %(round)d of %(rounds)d" in msgids
    french = parse((LOCALE_DIR / "fr" / "LC_MESSAGES" / "django.po").read_text("utf-8"))
    missing = sorted(m for m in msgids if not french.get(m))
    assert not missing, f"texts with no French wording: {missing}"
    placeholder = re.compile(r"%\([a-z_]+\)[-+ 0-9.]*[a-z]")
    changed = [
        m
        for m in msgids
        if sorted(placeholder.findall(m)) != sorted(placeholder.findall(french[m]))
    ]
    assert not changed, f"French wordings that change the placeholders: {changed}"


# -- what the engines and the backups report, worded in the command's language --------------


def test_the_differences_from_the_formula_follow_the_language(
    capsys: pytest.CaptureFixture[str], files: Path
) -> None:
    """Round 1 of three players pairs Ana-Bob (Chloé has the bye, seed 000): Ana-Chloé and
    Bob's bye are reported as differences, in the command's language."""
    (files / "r.csv").write_text("1,Ana,Chloé,400,300\n1,Bob,bye\n", "utf-8")
    argv = ["classic", "standings", "--players", str(files / "players.csv")]
    argv += ["--results", str(files / "r.csv")]
    status, _, err = run(capsys, argv)
    assert status == 0 and err.splitlines() == [
        "arbitre : attention : ronde 1 : Ana - Chloé diffère de la formule (Ana - Bob, "
        "Chloé - EXEMPT)",
        "arbitre : attention : ronde 1 : Bob - EXEMPT diffère de la formule (Bob - Ana)",
    ]
    status, _, err = run(capsys, [*argv, "--lang", "en"])
    assert status == 0 and err.splitlines() == [
        "arbitre: warning: round 1: Ana - Chloé differs from the formula (Ana - Bob, Chloé - BYE)",
        "arbitre: warning: round 1: Bob - BYE differs from the formula (Bob - Ana)",
    ]
    pair = ["classic", "pair", *argv[2:], "--json", "--lang", "en"]
    _, out, _ = run(capsys, pair)
    first = json.loads(out)["warnings"][0]
    assert first["code"] == "classic_tournament.override" and first["params"]["a"] == "Ana"
    assert first["text"].startswith("round 1: Ana - Chloé differs")


GCG = """#player1 X Xavier
#player2 Y Yves
>Y: ADEINOS 8G DIN +10 10
>X: ADELSUU J4 DUALS +13 13
"""


def test_the_replays_problems_follow_the_language(
    capsys: pytest.CaptureFixture[str], files: Path
) -> None:
    """The record gives DIN 10 points where the rules give 8, and stops mid-game."""
    (files / "g.gcg").write_text(GCG, "utf-8")
    filler = [f"Z{a}{b}Q" for a in ascii_uppercase for b in ascii_uppercase]  # 1000 words
    (files / "words.txt").write_text(
        "\n".join(["DIN", "DUALS", *filler, *(w + "S" for w in filler)]), "utf-8"
    )
    argv = ["classic", "replay", str(files / "g.gcg"), "--lexicon", str(files / "words.txt")]
    status, out, _ = run(capsys, argv)
    assert status == 1
    assert "          score noté 10, les règles donnent 8\n" in out
    assert "          total noté 10, les règles donnent 8\n" in out
    assert "!! la feuille s'arrête avant la fin de la partie\n" in out
    status, out, _ = run(capsys, [*argv, "--lang", "en"])
    assert status == 1
    assert "          recorded score 10, the rules give 8\n" in out
    assert "!! the record stops before the end of the game\n" in out
    _, out, _ = run(capsys, [*argv, "--json"])
    report = json.loads(out)
    assert report["problems"] == [
        {"text": "la feuille s'arrête avant la fin de la partie",
         "code": "classic_replay.stops_early", "params": {}}
    ]  # fmt: skip
    assert report["moves"][0]["problems"][0]["params"] == {"recorded": 10, "rules": 8}


def test_the_backgammon_board_follows_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    ident = ["backgammon", "id", "4HPwATDgc/ABMA"]
    _, out, _ = run(capsys, ident)
    assert "| barre X0 O0 | sortis X0 O0" in out and "| bar " not in out
    _, out, _ = run(capsys, [*ident, "--lang", "en"])
    assert "| bar X0 O0 | off X0 O0" in out


def test_the_event_types_names_follow_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """In French each type keeps the seed's name (002, A.2), in English an English one."""
    from arbitre.ranking import EVENT_TYPES

    _, out, _ = run(capsys, ["ranking", "types"])
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert set(lines) == set(EVENT_TYPES)
    for code, t in EVENT_TYPES.items():
        assert lines[code].endswith(t.label), lines[code]
    assert lines["SJ"].endswith(" Simultané des jeunes")
    _, out, _ = run(capsys, ["ranking", "types", "--lang", "en"])
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert lines["SJ"].endswith(" Youth simultaneous")
    assert lines["TH"].endswith(" Approved tournament (2 games or more)")
    for code, t in EVENT_TYPES.items():
        assert t.label not in lines[code] and in_english(lines[code]), lines[code]
    _, out, _ = run(capsys, ["ranking", "types", "--json", "--lang", "en"])
    assert {r["code"]: r["label"] for r in json.loads(out)}["CFF"] == (
        "French individual championship, final"
    )


def test_backup_and_restore_errors_follow_the_language(
    capsys: pytest.CaptureFixture[str], files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ARBITRE_AUTO_BACKUP", "0")
    missing = files / "none.sqlite3"
    status, _, err = run(capsys, ["restore", str(missing)])
    assert status == 2 and f"erreur : Sauvegarde introuvable : {missing}." in err
    status, _, err = run(capsys, ["restore", str(missing), "--lang", "en"])
    assert status == 2 and f"error: Backup not found: {missing}." in err


def test_a_backups_refusal_is_french_for_the_web_and_worded_for_the_command_line() -> None:
    """``str()`` stays the French the web interface shows; pieces are worded in their turn."""
    from arbitre.app.events.backup_files import BackupError, Phrase

    refusal = BackupError(
        "%(name)s does not have Arbitre's schema: it lacks %(missing)s.",
        name="copie.sqlite3",
        missing=[Phrase("the table %(table)s", table="t"), Phrase("the column %(column)s", column="t.c")],
    )  # fmt: skip
    assert str(refusal) == (
        "copie.sqlite3 n'a pas le schéma d'Arbitre : il lui manque la table t, la colonne t.c."
    )
    assert refusal.text("en") == (
        "copie.sqlite3 does not have Arbitre's schema: it lacks the table t, the column t.c."
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("fr", "la feuille finit par forfait, les règles par un joueur a fini son tirage"),
        ("en", "the record ends by forfeit, the rules by a player went out"),
    ],
)
def test_the_ways_a_replayed_game_ends_are_worded_too(lang: str, expected: str) -> None:
    from arbitre.cli._i18n import language, use
    from arbitre.cli.classic_game import _problem
    from arbitre.common.messages import Message

    before = language()
    use(lang)
    try:
        ended = Message.of("classic_replay.ended_by", recorded="forfeit", rules="out")
        assert _problem(ended, lang) == expected
    finally:
        use(before)
