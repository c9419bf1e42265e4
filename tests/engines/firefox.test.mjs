// The steps (steps.mjs) played in Firefox (drivers.mjs).
import { playEngine } from "./engines.mjs";

playEngine("firefox");
