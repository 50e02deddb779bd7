import { UploadForm } from "@/components/upload/upload-form";
import { requirePageAccess } from "@/lib/server/auth/page-access";

export const dynamic = "force-dynamic";

export default async function UploadPage() {
  await requirePageAccess("upload");
  return (
    <>
      <h1>Upload</h1>
      <p className="lead">
        Loopscope bundles (see docs/bundle-format.md), tau2-bench results and tau-bench results are detected
        automatically. A bundle is stored completely or not at all; the same file uploaded twice is stored once.
      </p>
      <UploadForm />
    </>
  );
}
