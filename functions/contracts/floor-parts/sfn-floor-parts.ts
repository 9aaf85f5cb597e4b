/**
 * What the Step Functions floor (bench/floors/sfn-floor.ts) shares with the functions that start a
 * workflow: their client.
 * Each floor has a door of its own: a door re-exporting several clients would bring every client's
 * set-up (a top-level `new …Client`) into each floor's bundle, which bench/bundles.ts measures.
 */
export { sfnClient } from '#commons/clients/sfn';
