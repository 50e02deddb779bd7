import Link from "next/link";

export default function Forbidden() {
  return (
    <div className="panel" role="alert">
      <h1>Not allowed</h1>
      <p>Your role does not allow this page. Ask an admin for access, or <Link href="/runs">go back to the runs</Link>.</p>
    </div>
  );
}
