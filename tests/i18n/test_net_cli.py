# ruff: noqa: RUF001  (Japanese is written with full-width punctuation)
"""Network play and the command line in Japanese: the help, the notices a joined client
shows, the host's lines; English stays as it was."""

from __future__ import annotations

import asyncio

import pytest
from net.harness import hosted, until
from rich.cells import cell_len
from websockets.asyncio.server import ServerConnection, serve

from marrakech.cli import TEXT_MODE_NOTICE, in_text_mode, main
from marrakech.flow.changes import Change
from marrakech.games import language
from marrakech.games.session import GameSetup
from marrakech.net.client import Client
from marrakech.net.protocol import encode
from marrakech.net.texts import local


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    assert exit_.value.code == 0
    return capsys.readouterr().out


def test_the_help_is_japanese_with_lang_ja(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        out = _help(capsys, "--lang", "ja", "--help")
        assert "ボードゲーム「マラケシュ」をターミナルで。" in out
        assert "すぐにゲームを始めます" in out
        assert "友だちがほかの場所から参加するゲームをホストします" in out
        assert "Marrakech, the board game" not in out
        host = _help(capsys, "host", "--help", "--lang", "ja")
        assert (
            "ホスト自身のプレイヤー名" in host and "既定：8765。0：空いている任意のポート" in host
        )
        join = _help(capsys, "--lang=ja", "join", "--help")
        assert "席の参加コード" in join and "ゲームを観戦します（コード不要）" in join
    finally:
        language.use(language.ENGLISH)


@pytest.mark.parametrize("command", ["", "new", "load", "replay", "serve", "host", "join"])
@pytest.mark.parametrize("columns", [60, 80, 120])
def test_the_japanese_help_fits_the_terminal(
    command: str,
    columns: int,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", str(columns))
    try:
        out = _help(capsys, "--lang", "ja", *([command] if command else []), "--help")
    finally:
        language.use(language.ENGLISH)
    lines = out.splitlines()
    assert all(cell_len(line) <= columns for line in lines), out
    # No Japanese line starts with a closing mark or ends with an opening one.
    assert not any(line.strip() and line.strip()[0] in "、。）」：" for line in lines), out
    assert not any(line.strip() and line.rstrip()[-1] in "（「" for line in lines), out


def test_the_help_stays_english(capsys: pytest.CaptureFixture[str]) -> None:
    out = _help(capsys, "--lang", "en", "--help")
    assert "Marrakech, the board game, in the terminal." in out
    assert "start a game straight away" in out
    assert "host a game that friends join from elsewhere" in out


def test_a_refused_option_and_the_text_mode_notice_in_japanese(
    japanese: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["--lang", "ja", "new", "--first", "5"]) == 2
    assert capsys.readouterr().err == "marrakech new: --first：席は1〜2です\n"
    assert main(["--lang", "ja", "join", "127.0.0.1:1"]) == 1
    err = capsys.readouterr().err
    assert (
        err
        == "marrakech join: 席の参加コードを指定するか、観戦するなら --watch を指定してください\n"
    )
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    from argparse import Namespace

    assert in_text_mode(Namespace(text=False))
    notice = capsys.readouterr().err
    assert notice.startswith("marrakech：標準入力または標準出力がターミナルではないため")
    assert notice != TEXT_MODE_NOTICE + "\n"


def test_the_hosts_english_sentences_are_said_in_japanese_here(japanese: None) -> None:
    assert local("the game is over") == "ゲームは終わりました"
    assert local("Bo took back a decision") == "Boが決定を取り消しました"
    assert local("seat 2 is now Bo") == "席2はBoになりました"
    assert local("cannot undo: the game is over") == "取り消せません：ゲームは終わりました"
    assert local("it is Ann's turn, not yours") == "今はAnnの手番です。あなたの手番ではありません"
    assert local("something only the host knows") == "something only the host knows"
    assert local("") == ""


def test_the_hosts_sentences_stay_as_sent_in_english() -> None:
    assert local("Bo took back a decision") == "Bo took back a decision"
    assert local("it is Ann's turn, not yours") == "it is Ann's turn, not yours"


def test_a_joined_clients_notices_are_japanese(japanese: None) -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(2, seed=3)) as table:
            first = Client(table.address, code=table.code(0), keep_finished=False)
            heard: list[Change] = []
            first.listen(heard.append)
            running = asyncio.create_task(first.run())
            await until(lambda: first.flow is not None)
            assert first.flow is not None
            # Another player joins as Bo: everyone hears of the new name.
            second = Client(table.address, code=table.code(1), name="Bo", keep_finished=False)
            other = asyncio.create_task(second.run())
            await until(lambda: any(c.text == "席2はBoになりました" for c in heard))
            await until(lambda: second.flow is not None)
            assert second.flow is not None
            # Bo plays out of turn (the host refuses it over the wire, in English on the wire).
            second.send(encode("act", id=1, at=0, action="L"))
            reasons: list[str] = []
            second.listen(
                lambda change: reasons.append(change.text) if change.kind == "error" else None
            )
            await until(lambda: bool(reasons))
            assert reasons == ["今は商人1の手番です。あなたの手番ではありません"]
            # A decision the replica refuses before sending it.
            with pytest.raises(Exception, match="今は商人1の手番です"):
                second.flow.play(None)
            running.cancel()
            other.cancel()

    asyncio.run(scenario())


def test_a_client_says_in_japanese_that_the_english_host_refused(japanese: None) -> None:
    async def english_host(socket: ServerConnection) -> None:
        await socket.recv()
        refusal = encode("error", id=None, reason="that join code opens no seat here", fatal=True)
        await socket.send(refusal)
        await socket.wait_closed()

    async def scenario() -> None:
        async with serve(english_host, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            client = Client(f"127.0.0.1:{port}", code="AAAA-BBBB-CCCC", keep_finished=False)
            heard: list[Change] = []
            client.listen(heard.append)
            assert await asyncio.wait_for(client.run(), 10) == 1
            assert [(c.kind, c.text) for c in heard] == [
                ("closed", "ホストに断られました：その参加コードで入れる席はここにありません")
            ]

    asyncio.run(scenario())


def test_a_client_without_a_host_says_so_in_japanese(japanese: None) -> None:
    async def nobody(socket: ServerConnection) -> None:
        await socket.close()

    async def scenario() -> None:
        async with serve(nobody, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
        client = Client(f"127.0.0.1:{port}", code="AAAA-BBBB-CCCC", retry_seconds=0.2)
        heard: list[Change] = []
        client.listen(heard.append)
        assert await asyncio.wait_for(client.run(), 10) == 1
        address = f"ws://127.0.0.1:{port}"
        assert [(c.kind, c.text) for c in heard] == [
            ("lost", f"{address} でホストが応答しません。1秒間再試行します"),
            (
                "closed",
                f"{address} のホストに接続できず、このプログラムは再試行をやめました。"
                "ホストが応答するようになったら、同じ参加のコマンドでもう一度参加できます",
            ),
        ]

    asyncio.run(scenario())


def test_the_hosts_join_lines_are_japanese(japanese: None) -> None:
    async def scenario() -> None:
        async with hosted(GameSetup(3, seed=1)) as table:
            lines = table.hosted.join_lines()
            address = table.address
            assert lines == [
                f"席1：marrakech join {address} {table.code(0)}",
                f"席2：marrakech join {address} {table.code(1)}",
                f"席3：marrakech join {address} {table.code(2)}",
                f"観戦：marrakech join {address} --watch",
            ]

    asyncio.run(scenario())
