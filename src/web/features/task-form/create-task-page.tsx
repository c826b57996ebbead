/** Placeholder until its issue builds this page. */
export default function CreateTaskPage() {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold">New Task</h1>
      <p className="text-muted-foreground">This page is on its way.</p>
    </section>
  );
}
