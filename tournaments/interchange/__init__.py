"""USEBIO and PBN import and export.

Pure readers and writers (:mod:`.usebio`, :mod:`.pbn`, :mod:`.deals`) turn files into plain records
(:mod:`.records`) and back; :mod:`.importers` and :mod:`.exporters` map records to and from the models.
"""

from .errors import InterchangeError

__all__ = ["InterchangeError"]
