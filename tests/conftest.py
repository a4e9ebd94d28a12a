"""Suite-wide settings."""

from hypothesis import settings

# Speed is measured in benchmarks/, never asserted in tests: a shared, loaded
# machine must not fail a property test for being slow.
settings.register_profile("scorekeeper", deadline=None)
settings.load_profile("scorekeeper")
