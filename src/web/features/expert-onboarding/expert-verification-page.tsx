/** Placeholder until its issue builds this page. */
export default function ExpertVerificationPage() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold">Become a Local Expert</h1>
      <p className="text-muted-foreground">This page is on its way.</p>
    </section>
  );
}
