// A section of the signed-in area that shows its heading inside the shared layout.
export function SectionPage({ title }: { title: string }) {
  return <h1 className="h3 mb-4">{title}</h1>;
}
