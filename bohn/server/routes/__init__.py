"""The server's routes, one router a concern (:func:`bohn.server.app.create_app`
includes them all)."""
