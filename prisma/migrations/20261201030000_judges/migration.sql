-- Judges as first-class: a judge (name, version), its verdicts per study item / trajectory, and its imports.
CREATE TABLE "Judge" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Judge_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "Judge_name_version_key" ON "Judge"("name", "version");

CREATE TABLE "JudgeLabel" (
    "id" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "studyId" TEXT,
    "itemId" TEXT,
    "trajectoryId" TEXT,
    "dimension" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "rationale" TEXT,
    "confidence" DOUBLE PRECISION,
    "importId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeLabel_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "JudgeLabel_itemId_judgeId_dimension_key" ON "JudgeLabel"("itemId", "judgeId", "dimension");
CREATE INDEX "JudgeLabel_studyId_judgeId_idx" ON "JudgeLabel"("studyId", "judgeId");
CREATE INDEX "JudgeLabel_trajectoryId_idx" ON "JudgeLabel"("trajectoryId");
ALTER TABLE "JudgeLabel" ADD CONSTRAINT "JudgeLabel_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "JudgeLabel" ADD CONSTRAINT "JudgeLabel_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "JudgeLabel" ADD CONSTRAINT "JudgeLabel_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "StudyItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "JudgeLabel" ADD CONSTRAINT "JudgeLabel_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "JudgeImport" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "judgeId" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "rows" INTEGER NOT NULL,
    "importedBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "JudgeImport_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "JudgeImport_studyId_judgeId_key" ON "JudgeImport"("studyId", "judgeId");
CREATE INDEX "JudgeImport_studyId_contentHash_idx" ON "JudgeImport"("studyId", "contentHash");
ALTER TABLE "JudgeImport" ADD CONSTRAINT "JudgeImport_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "JudgeImport" ADD CONSTRAINT "JudgeImport_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "Judge"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Blind studies: each annotator's shuffled order has a recorded seed; labels record time spent.
ALTER TABLE "StudyAnnotator" ADD COLUMN "orderSeed" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "StudyLabel" ADD COLUMN "seconds" DOUBLE PRECISION;
