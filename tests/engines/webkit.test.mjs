// The steps (steps.mjs) played in WebKit (drivers.mjs).
import { playEngine } from "./engines.mjs";

playEngine("webkit");
