/**
 * The local admin of an open installation (no LOOPSCOPE_AUTH) has no account; this key stands for them in a study's
 * annotators, assignments and labels, so the person running Loopscope on their own machine can annotate too.
 */
export const LOCAL_ADMIN_ANNOTATOR = { id: "local-admin", name: "local admin" } as const;
