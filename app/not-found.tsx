import Link from "next/link";

export default function NotFound() {
  return (
    <div className="panel" role="alert">
      <h1>Not found</h1>
      <p>
        Nothing here: the run, trajectory or page may have been deleted or the address mistyped.{" "}
        <Link href="/runs">All runs</Link>.
      </p>
    </div>
  );
}
