"""The bundled rulesets (YAML files), installed as package data of trickbook."""
