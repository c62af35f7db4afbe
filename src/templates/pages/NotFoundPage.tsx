import { ButtonLink, Container } from "../../shared/ui.tsx";

export function NotFoundPage() {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-7xl font-extrabold tracking-tight text-brand-700 sm:text-8xl">404</h1>
      <p className="mt-4 text-2xl font-semibold text-ink">Oops! Page not found</p>
      <p className="mt-2 max-w-md text-slate-600">
        The page you were looking for has moved or never existed.
      </p>
      <ButtonLink href="/" className="mt-8">
        Return to Home
      </ButtonLink>
    </Container>
  );
}
