"""HTTP: one generic blueprint factory, thin per-game registration, problem+json errors."""
