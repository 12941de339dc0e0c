"""marshmallow schemas: the wire format <-> engine objects (cards, options, states, actions, results)."""
