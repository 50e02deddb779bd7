import { RunParams } from "@/lib/contracts/route-params";
import { route } from "@/lib/server/route";
import { deleteRun } from "@/lib/server/delete-run";

export const dynamic = "force-dynamic";

export const DELETE = route(
  async (_request, { params: { id }, actor }) => Response.json({ deleted: await deleteRun(actor, id) }),
  { access: "admin", params: RunParams },
);
