"""card-arbiter: a stateless REST service that adjudicates the rules of seven card games."""
