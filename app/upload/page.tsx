import { UploadForm } from "@/components/upload/upload-form";

export default function UploadPage() {
  return (
    <>
      <h1>Upload</h1>
      <p className="lead">
        Loopscope bundles (see docs/bundle-format.md), tau2-bench results and tau-bench results are detected automatically. A bundle is stored completely or not at all; the same file uploaded twice is stored once.
      </p>
      <UploadForm />
    </>
  );
}
