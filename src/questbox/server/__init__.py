"""The questbox table: an ASGI server (lobby, tables, live seats) and the web page it serves.

``questbox serve`` runs :func:`questbox.server.main.serve`; :func:`questbox.server.app.create_app`
builds the app for any ASGI server. See ``docs/server.md``.
"""
