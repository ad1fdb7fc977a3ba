"""``questbox serve``: run the table under uvicorn and print the lobby's address.

Also runnable as ``python -m questbox.server.main [--host H] [--port P] [--db URL] [--game MOD:ATTR]
[--bot-workers N] [--bot-max-iters N] [--bot-max-seconds S] [--bot-max-depth N]``
(``--game`` registers a game that is not installed, e.g. one under development).
"""

from __future__ import annotations

import argparse
import os
import threading
import webbrowser

from questbox.server.app import MAX_WS_MESSAGE, create_app, limits_from_env
from questbox.server.store import normalize_url


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, open_browser: bool = False, *,
          bot_workers: int | None = None, bot_max_iters: int | None = None, bot_max_seconds: float | None = None,
          bot_max_depth: int | None = None) -> None:
    """Serve the lobby and tables on ``host:port`` over the database ``db`` until interrupted.

    ``bot_*``: the bots' thread pool and budgets per decision (``None``: the ``QUESTBOX_BOT_*``
    variables, else the defaults; docs/server.md, *Security*).
    """
    import uvicorn

    db = db or os.environ.get("QUESTBOX_DB") or None
    # people watch the bots: a short pause before each bot move lets the page show them one by one
    delay = float(os.environ.get("QUESTBOX_BOT_DELAY", "0.35") or 0)
    limits = limits_from_env(max_iters=bot_max_iters, max_seconds=bot_max_seconds, max_depth=bot_max_depth)
    app = create_app(db, bot_delay=delay, limits=limits, bot_workers=bot_workers)
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "") else ("[::1]" if host == "::" else host)
    url = f"http://{shown_host}:{port}/"
    print(f"questbox table: open {url}  (database: {_shown(normalize_url(db))}; Ctrl+C stops)", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, [url]).start()
    uvicorn.run(app, host=host, port=port, ws_max_size=MAX_WS_MESSAGE, log_level="warning",
                access_log=False, timeout_graceful_shutdown=3)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m questbox.server.main", description=serve.__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None, help="sqlite:///FILE (default questbox.db) or postgresql://...")
    parser.add_argument("--game", action="append", default=[], metavar="MODULE:ATTR",
                        help="register a game that is not installed (repeatable)")
    parser.add_argument("--bot-workers", type=int, default=None, metavar="N",
                        help="threads the bots of every table share (default 2; QUESTBOX_BOT_WORKERS)")
    parser.add_argument("--bot-max-iters", type=int, default=None, metavar="N",
                        help="most search iterations a bot spec may ask per decision (default 20000)")
    parser.add_argument("--bot-max-seconds", type=float, default=None, metavar="S",
                        help="the time cap of every bot decision (default 5)")
    parser.add_argument("--bot-max-depth", type=int, default=None, metavar="N",
                        help="the longest rollout a bot spec may ask (default 1000)")
    args = parser.parse_args(argv)
    if args.game:
        extra = os.environ.get("QUESTBOX_EXTRA_GAMES", "")
        os.environ["QUESTBOX_EXTRA_GAMES"] = ",".join(filter(None, [extra, *args.game]))
    serve(args.host, args.port, args.db, bot_workers=args.bot_workers, bot_max_iters=args.bot_max_iters,
          bot_max_seconds=args.bot_max_seconds, bot_max_depth=args.bot_max_depth)


if __name__ == "__main__":
    main()
