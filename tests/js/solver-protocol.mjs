// The solver's protocol as data (#build/solver-api.js SOLVER_PROTOCOL, written by
// the build from web/solver_worker.py REQUESTS and web/protocol.py): the tests'
// stand-in workers check what they are asked and what they answer against it,
// so they speak the real worker's shapes (tests/web/test_protocol.py checks the
// real worker's the same way, in Python).
import { SOLVER_PROTOCOL } from "#build/solver-api.js";

const { requests, types } = SOLVER_PROTOCOL;
const PRIMITIVES = {
  string: (v) => typeof v === "string",
  number: (v) => typeof v === "number",
  boolean: (v) => typeof v === "boolean",
  null: (v) => v === null,
  true: (v) => v === true,
  false: (v) => v === false,
  unknown: () => true,
};
const ARGS = {
  str: (v) => typeof v === "string",
  int: Number.isInteger,
  float: (v) => typeof v === "number",
  "str[]": (v) => Array.isArray(v) && v.every((s) => typeof s === "string"),
};

// What in `value` is not of the JSDoc type `kind` (as web/protocol.py writes it).
export function problems(value, kind, where = "answer") {
  if (kind.startsWith("Record<")) return oneOf(value, kind, where);
  let found = [];
  for (const choice of kind.split(" | ")) {
    found = oneOf(value, choice.trim(), where);
    if (!found.length) return [];
  }
  return found;
}

function oneOf(value, kind, where) {
  if (kind in PRIMITIVES) return PRIMITIVES[kind](value) ? [] : [`${where} is not ${kind}: ${JSON.stringify(value)}`];
  if (kind.startsWith('"')) return value === JSON.parse(kind) ? [] : [`${where} is not ${kind}`];
  if (kind.endsWith("[]")) {
    if (!Array.isArray(value)) return [`${where} is not a list`];
    return value.flatMap((item, i) => problems(item, kind.slice(0, -2), `${where}[${i}]`));
  }
  if (kind.startsWith("Record<string, ")) {
    const inner = kind.slice("Record<string, ".length, -1);
    return Object.entries(value).flatMap(([key, item]) => problems(item, inner, `${where}.${key}`));
  }
  const fields = types[kind];
  if (!fields) return [`${kind} is no type of the protocol`];
  if (typeof value !== "object" || value === null) return [`${where} is not a ${kind}`];
  const names = new Set(Object.keys(fields).map((name) => name.replace(/\?$/, "")));
  const found = Object.keys(value).filter((key) => !names.has(key)).map((key) => `${where} has ${key}, which ${kind} does not declare`);
  for (const [name, field] of Object.entries(fields)) {
    const key = name.replace(/\?$/, "");
    if (!(key in value)) {
      if (!name.endsWith("?")) found.push(`${where} lacks ${key} (${kind})`);
      continue;
    }
    found.push(...problems(value[key], field, `${where}.${key}`));
  }
  return found;
}

// What is wrong with a request as the worker reads it (its name, its arguments' names and types).
export function requestProblems(name, args) {
  const request = requests[name];
  if (!request) return [`${name} is no request of the worker`];
  const found = Object.keys(args).filter((key) => !(key in request.args)).map((key) => `${name} takes no ${key}`);
  for (const [arg, { type, required }] of Object.entries(request.args)) {
    if (!(arg in args)) {
      if (required) found.push(`${name} needs ${arg}`);
    } else if (!ARGS[type](args[arg])) found.push(`${name}: ${arg} is not ${type}`);
  }
  return found;
}

// The type of the answer to `name`: its declared one, or the refusal.
export const answerType = (name, answer) => (answer && answer.ok === false ? "Refused" : requests[name].answer);
