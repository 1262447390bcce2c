"""The learned bot (issue 25): features shared by the simulator and the engine
(:mod:`bragkit.learn.features`), a small numpy network (:mod:`bragkit.learn.network`), its
simulator policy (:mod:`bragkit.learn.policy`) and its training by evolution strategies on the
simulator (:mod:`bragkit.learn.train`); the engine bot is :mod:`bragkit.bots.learned`."""
