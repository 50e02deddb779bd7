-- CreateTable
CREATE TABLE "Study" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "instructions" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'open',
    "blind" BOOLEAN NOT NULL DEFAULT true,
    "annotatorsPerItem" INTEGER NOT NULL,
    "sampleSize" INTEGER NOT NULL,
    "source" JSONB NOT NULL,
    "sampling" JSONB NOT NULL,
    "rubric" JSONB NOT NULL,
    "createdById" TEXT,
    "createdByName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "Study_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StudyAnnotator" (
    "studyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "StudyAnnotator_pkey" PRIMARY KEY ("studyId","userId")
);

-- CreateTable
CREATE TABLE "StudyItem" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "trajectoryId" TEXT,
    "runId" TEXT NOT NULL,
    "runName" TEXT NOT NULL,
    "taskExternalId" TEXT NOT NULL,
    "trial" INTEGER NOT NULL,
    "stratum" TEXT,
    "judge" JSONB NOT NULL,

    CONSTRAINT "StudyItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StudyAssignment" (
    "itemId" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,

    CONSTRAINT "StudyAssignment_pkey" PRIMARY KEY ("itemId","userId")
);

-- CreateTable
CREATE TABLE "StudyLabel" (
    "id" TEXT NOT NULL,
    "studyId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "annotatorKey" TEXT NOT NULL,
    "annotatorId" TEXT,
    "annotatorName" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StudyLabel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StudyAdjudication" (
    "itemId" TEXT NOT NULL,
    "dimension" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "adjudicatorId" TEXT,
    "adjudicator" TEXT NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StudyAdjudication_pkey" PRIMARY KEY ("itemId","dimension")
);

-- CreateIndex
CREATE INDEX "Study_createdAt_idx" ON "Study"("createdAt");

-- CreateIndex
CREATE INDEX "StudyAnnotator_userId_idx" ON "StudyAnnotator"("userId");

-- CreateIndex
CREATE INDEX "StudyItem_trajectoryId_idx" ON "StudyItem"("trajectoryId");

-- CreateIndex
CREATE UNIQUE INDEX "StudyItem_studyId_position_key" ON "StudyItem"("studyId", "position");

-- CreateIndex
CREATE INDEX "StudyAssignment_studyId_userId_idx" ON "StudyAssignment"("studyId", "userId");

-- CreateIndex
CREATE INDEX "StudyLabel_studyId_annotatorKey_idx" ON "StudyLabel"("studyId", "annotatorKey");

-- CreateIndex
CREATE UNIQUE INDEX "StudyLabel_itemId_annotatorKey_dimension_key" ON "StudyLabel"("itemId", "annotatorKey", "dimension");

-- AddForeignKey
ALTER TABLE "StudyAnnotator" ADD CONSTRAINT "StudyAnnotator_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyItem" ADD CONSTRAINT "StudyItem_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyItem" ADD CONSTRAINT "StudyItem_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyAssignment" ADD CONSTRAINT "StudyAssignment_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "StudyItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyLabel" ADD CONSTRAINT "StudyLabel_studyId_fkey" FOREIGN KEY ("studyId") REFERENCES "Study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyLabel" ADD CONSTRAINT "StudyLabel_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "StudyItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StudyAdjudication" ADD CONSTRAINT "StudyAdjudication_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "StudyItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

