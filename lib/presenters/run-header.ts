export interface ComponentConfigView {
  name?: string;
  version?: string;
  config?: Record<string, unknown>;
}

export interface RunHeaderView {
  id: string;
  name: string;
  externalId: string;
  variant: string;
  pairingKey: string | null;
  model: { name: string; family: string | null; size: string | null };
  suite: { id: string; name: string; version: string; domain: string | null };
  sourceFormat: string;
  fileName: string;
  uploadedAt: string;
  agent: ComponentConfigView | null;
  userSimulator: ComponentConfigView | null;
  judge: ComponentConfigView | null;
  pairedRuns: { id: string; name: string; variant: string; suiteId: string }[];
}
