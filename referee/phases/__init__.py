"""The phases a :class:`~referee.engine.Deal` conducts, one module each.

A deal moves through ``pass`` -> ``bid`` -> ``discard`` -> ``play`` -> ``choose`` -> ``done``. The
:class:`~referee.engine.Deal` is the conductor: it owns the deal's state (the hands, trump, the declarer,
the sides, the tricks) and hands each action to the phase under way. A phase object keeps only its own
state (the cards each seat has chosen to pass; the bidding round under way, the highest contract, the
seats still to say alone or partner), answers ``legal_actions`` and ``apply``, and says when it is done.
It changes the deal's state only through the few changes its module's protocol lists, never by writing the
deal's fields.

- :mod:`referee.phases.passing`: the pass phase.
- :mod:`referee.phases.auction`: the bid phase: the rounds of :mod:`referee.auction` in order, and going alone.
- :mod:`referee.phases.bidding`: what the bidding decides for the deal (maker, trump, bids, a contract, a seat
  alone, the upcard picked up, a wedding's partner), and the bid phase's questions (the words, what is asked).
- :mod:`referee.phases.discarding`: the discard phase: after picking up the upcard, or taking up the talon
  (and the talon's cards, which count for the declarer).
- :mod:`referee.phases.claims`: a claim of the remaining tricks, and ending the deal early.
- :mod:`referee.phases.proving`: what a card played proves at a real table (unknown hands).

Each module that works on the deal says what it reads of it, and the few changes it asks of it, as a
:class:`typing.Protocol` (``ClaimView``, ``TalonTaker``, ``Witness``, ``Bidder``; the rounds' ``RoundView`` in
:mod:`referee.auction`; the announcements' ``Speaker`` in :mod:`referee.mechanisms.announcements`, the
scoring's ``Played`` in :mod:`referee.scoring`);
``tests/test_deal_interface.py`` checks that none writes a deal's fields or calls a private deal method its
protocol does not list. The play (the hot path, each card a few native attribute reads on the compiled deal)
stays in the deal itself: moving it behind another object is to be measured with ``bench/engine.py`` first.
"""
