"""``questbox serve``: run the table under uvicorn and print the lobby's address.

Also runnable as ``python -m questbox.server.main [--host H] [--port P] [--db URL] [--game MOD:ATTR]``
(``--game`` registers a game that is not installed, e.g. one under development).
"""

from __future__ import annotations

import argparse
import os
import threading
import webbrowser

from questbox.server.app import MAX_WS_MESSAGE, create_app
from questbox.server.store import normalize_url


def _shown(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None, open_browser: bool = False) -> None:
    """Serve the lobby and tables on ``host:port`` over the database ``db`` until interrupted."""
    import uvicorn

    db = db or os.environ.get("QUESTBOX_DB") or None
    # people watch the bots: a short pause before each bot move lets the page show them one by one
    delay = float(os.environ.get("QUESTBOX_BOT_DELAY", "0.35") or 0)
    app = create_app(db, bot_delay=delay)
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
    args = parser.parse_args(argv)
    if args.game:
        extra = os.environ.get("QUESTBOX_EXTRA_GAMES", "")
        os.environ["QUESTBOX_EXTRA_GAMES"] = ",".join(filter(None, [extra, *args.game]))
    serve(args.host, args.port, args.db)


if __name__ == "__main__":
    main()
