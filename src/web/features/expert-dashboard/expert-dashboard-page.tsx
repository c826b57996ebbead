/** Placeholder until its issue builds this page. */
export default function ExpertDashboardPage() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold">Available Tasks</h1>
      <p className="text-muted-foreground">This page is on its way.</p>
    </section>
  );
}
