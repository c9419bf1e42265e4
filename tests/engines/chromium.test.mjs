// The steps (steps.mjs) played in Chromium (drivers.mjs).
import { playEngine } from "./engines.mjs";

playEngine("chromium");
