-- Stored per-trajectory scores carry the version of their definitions; runs scored before version 2
-- (tau2 communicate rule, missing tau2 reward = failure, one recovery rule) are recomputed by
-- `npm run rescore` or lazily when their metrics are read.
ALTER TABLE "Run" ADD COLUMN "scoresVersion" INTEGER NOT NULL DEFAULT 1;
