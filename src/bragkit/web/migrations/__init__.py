"""The Alembic migrations of the web server's database, one file a revision, run by
:func:`bragkit.web.schema.migrate` (no ``alembic.ini`` needed: ``bragkit serve`` runs them).

========  =========================================================================
``0001``  the tables and their event logs (``bk_tables``, ``bk_events``): the schema
          ``metadata.create_all`` made before there were migrations
``0002``  accounts and their sessions (``bk_accounts``, ``bk_sessions``)
``0003``  each account's play and ratings (``bk_plays``, ``bk_deals``, ``bk_ratings``,
          ``bk_rating_events``): rebuilt from the event logs at will
``0004``  league nights (``bk_leagues``, ``bk_league_members``, ``bk_league_nights``,
          ``bk_league_tables``, ``bk_league_scores``)
========  =========================================================================

To change the schema, add a file ``rNNNN_what.py`` here whose ``down_revision`` is the newest
revision, change the tables in :mod:`bragkit.web.schema` to match and move its ``HEAD``; a test
(``tests/web/test_schema.py``) holds the migrations and the tables equal. A migration never
changes once released: a database may be at any revision.
"""
