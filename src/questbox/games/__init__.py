"""The games; each is a package that imports only questbox.core and itself."""
