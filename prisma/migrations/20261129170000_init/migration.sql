-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Bundle" (
    "id" TEXT NOT NULL,
    "contentHash" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "sizeBytes" BIGINT NOT NULL,
    "format" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'ingested',
    "uploadedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "uploadedBy" TEXT,
    "counts" JSONB,
    "warnings" JSONB,

    CONSTRAINT "Bundle_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Suite" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "domain" TEXT,
    "policy" TEXT,
    "tools" JSONB NOT NULL DEFAULT '[]',
    "definitionHash" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Suite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Task" (
    "id" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "definitionHash" TEXT NOT NULL,
    "goal" TEXT,
    "userFacts" JSONB,
    "initialState" JSONB,
    "expectedFinalState" JSONB,
    "requiredReplyInfo" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "expectedBehavior" TEXT,
    "expectedActions" JSONB,
    "evaluationCriteria" JSONB,
    "requiresTools" BOOLEAN NOT NULL DEFAULT true,
    "persona" TEXT,
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "referenceConversation" JSONB,

    CONSTRAINT "Task_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Model" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "family" TEXT,
    "size" TEXT,

    CONSTRAINT "Model_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "bundleId" TEXT NOT NULL,
    "suiteId" TEXT NOT NULL,
    "modelId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "variant" TEXT NOT NULL DEFAULT 'base',
    "pairingKey" TEXT,
    "agentConfig" JSONB,
    "userSimulatorConfig" JSONB,
    "judgeConfig" JSONB,
    "sourceFormat" TEXT NOT NULL,
    "metadata" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "metricsCache" JSONB,
    "metricsComputedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Trajectory" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "trial" INTEGER NOT NULL,
    "externalId" TEXT,
    "stopReason" TEXT,
    "stopReasonInferred" BOOLEAN NOT NULL DEFAULT false,
    "finalState" JSONB,
    "finalReply" TEXT,
    "finalReplyInferred" BOOLEAN NOT NULL DEFAULT false,
    "reward" DOUBLE PRECISION,
    "rewardBreakdown" JSONB,
    "judgeGoalCompleted" BOOLEAN,
    "judgeErrorSource" TEXT,
    "judgeToolHallucination" BOOLEAN,
    "judgeUserHallucination" BOOLEAN,
    "judgePolicyViolation" BOOLEAN,
    "judgeFailureCategory" TEXT,
    "judgeRationale" TEXT,
    "judgeName" TEXT,
    "judgeTurnLabels" JSONB,
    "costUsd" DOUBLE PRECISION,
    "promptTokens" INTEGER,
    "completionTokens" INTEGER,
    "durationMs" DOUBLE PRECISION,
    "eventCount" INTEGER NOT NULL DEFAULT 0,
    "userTurns" INTEGER NOT NULL DEFAULT 0,
    "toolCallCount" INTEGER NOT NULL DEFAULT 0,
    "userToolCallCount" INTEGER NOT NULL DEFAULT 0,
    "toolErrorCount" INTEGER NOT NULL DEFAULT 0,
    "toolErrorsInferred" BOOLEAN NOT NULL DEFAULT false,
    "unresolvedToolErrorCount" INTEGER NOT NULL DEFAULT 0,
    "firstErrorPosition" DOUBLE PRECISION,
    "stateMatch" BOOLEAN,
    "replyCheck" BOOLEAN,
    "success" BOOLEAN,

    CONSTRAINT "Trajectory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Event" (
    "trajectoryId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "sourceMessage" INTEGER,
    "kind" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "toolName" TEXT,
    "callId" TEXT,
    "arguments" JSONB,
    "output" JSONB,
    "isError" BOOLEAN NOT NULL DEFAULT false,
    "errorInferred" BOOLEAN NOT NULL DEFAULT false,
    "text" TEXT,
    "timestamp" TIMESTAMP(3),
    "promptTokens" INTEGER,
    "completionTokens" INTEGER,
    "costUsd" DOUBLE PRECISION,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("trajectoryId","seq")
);

-- CreateTable
CREATE TABLE "TurnPrediction" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "turnIndex" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "reference" JSONB NOT NULL,
    "prediction" JSONB NOT NULL,
    "judgeSuccess" BOOLEAN,
    "judgeFailureCategory" TEXT,
    "judgeRationale" TEXT,
    "judgeName" TEXT,
    "rouge1Precision" DOUBLE PRECISION,
    "rouge1Recall" DOUBLE PRECISION,
    "rouge1F1" DOUBLE PRECISION,
    "exactMatch" BOOLEAN,
    "argumentF1" DOUBLE PRECISION,

    CONSTRAINT "TurnPrediction_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Bundle_contentHash_key" ON "Bundle"("contentHash");

-- CreateIndex
CREATE UNIQUE INDEX "Suite_name_version_definitionHash_key" ON "Suite"("name", "version", "definitionHash");

-- CreateIndex
CREATE INDEX "Task_suiteId_externalId_idx" ON "Task"("suiteId", "externalId");

-- CreateIndex
CREATE UNIQUE INDEX "Task_suiteId_externalId_definitionHash_key" ON "Task"("suiteId", "externalId", "definitionHash");

-- CreateIndex
CREATE UNIQUE INDEX "Model_name_key" ON "Model"("name");

-- CreateIndex
CREATE INDEX "Run_pairingKey_idx" ON "Run"("pairingKey");

-- CreateIndex
CREATE INDEX "Run_suiteId_idx" ON "Run"("suiteId");

-- CreateIndex
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");

-- CreateIndex
CREATE INDEX "Trajectory_runId_success_idx" ON "Trajectory"("runId", "success");

-- CreateIndex
CREATE UNIQUE INDEX "Trajectory_runId_taskId_trial_key" ON "Trajectory"("runId", "taskId", "trial");

-- CreateIndex
CREATE INDEX "TurnPrediction_runId_kind_idx" ON "TurnPrediction"("runId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "TurnPrediction_runId_taskId_turnIndex_key" ON "TurnPrediction"("runId", "taskId", "turnIndex");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "Suite"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_bundleId_fkey" FOREIGN KEY ("bundleId") REFERENCES "Bundle"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_suiteId_fkey" FOREIGN KEY ("suiteId") REFERENCES "Suite"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_modelId_fkey" FOREIGN KEY ("modelId") REFERENCES "Model"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Trajectory" ADD CONSTRAINT "Trajectory_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Event" ADD CONSTRAINT "Event_trajectoryId_fkey" FOREIGN KEY ("trajectoryId") REFERENCES "Trajectory"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TurnPrediction" ADD CONSTRAINT "TurnPrediction_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TurnPrediction" ADD CONSTRAINT "TurnPrediction_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

