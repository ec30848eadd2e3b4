// Checks YAML documents against the ruleset schema the way an editor does:
// the `yaml` package reads YAML 1.2 (as yaml-language-server does) and ajv
// validates in JSON Schema draft 2020-12 mode, strict. Used by test_editor.py.
//
// stdin: {"schema": "path/to/ruleset.schema.json", "docs": [{"name": ..., "text": ...}]}
// stdout: {"warnings": [...], "results": [{"name": ..., "valid": bool, "errors": [...]}]}
"use strict";
const fs = require("fs");
const Ajv2020 = require("ajv/dist/2020").default;
const YAML = require("yaml");

const input = JSON.parse(fs.readFileSync(0, "utf8"));
const warnings = [];
const logger = { log: (...a) => warnings.push(a.join(" ")), warn: (...a) => warnings.push(a.join(" ")), error: (...a) => warnings.push(a.join(" ")) };
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, logger });
const validate = ajv.compile(JSON.parse(fs.readFileSync(input.schema, "utf8")));
const results = input.docs.map(({ name, text }) => {
  let data;
  try {
    data = YAML.parse(text, { version: "1.2", uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    return { name, valid: false, errors: ["YAML: " + e.message.split("\n")[0]] };
  }
  const valid = validate(data);
  const errors = valid ? [] : validate.errors.map((e) => `${e.instancePath || "/"} ${e.message}`);
  return { name, valid, errors };
});
process.stdout.write(JSON.stringify({ warnings, results }));
