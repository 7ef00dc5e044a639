"""Balance by simulation: many bot runs of the same start, added up into a report.

Above the engine, below the command line and the app. ``spec.py`` says what to
play, ``play.py`` plays one run, ``report.py`` adds runs up exactly,
``local.py`` and ``cluster.py`` spread the runs over processes or machines,
``workers.py`` keeps a worker that dies or hangs from hanging the simulation.
"""
