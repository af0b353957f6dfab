import { skippedProofsLine } from './proof-requirements.ts';

// A run that skips proofs says so as its last line; with REQUIRE_ALL_PROOFS=1 (.ci/run) it fails first.
export default function setup() {
  const line = skippedProofsLine();
  if (line && process.env.REQUIRE_ALL_PROOFS === '1') throw new Error(`REQUIRE_ALL_PROOFS=1: ${line}`);
  return () => {
    if (line) console.log(`\n${line}`);
  };
}
