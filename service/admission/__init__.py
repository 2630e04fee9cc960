"""Admission: who may ask what, and how much. The limits and their configuration, the gate that lets
a credential in (a client's key, a game's token) and counts it, the requester as admission worked it
out, and the address guard. HTTP's own part (the route, the source address, the known refusals) is
``service.api.admission``'s; this room knows no HTTP: it is handed what a request presented."""
