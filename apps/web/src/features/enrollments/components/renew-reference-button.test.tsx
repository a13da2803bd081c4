import { QueryClient } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { proposedReferenceCodeQuery } from "../api/admin-enrollments";
import { RenewReferenceButton } from "./renew-reference-button";

function show(multicaixa: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(proposedReferenceCodeQuery.queryKey, { referenceCode: "KX7MPQ2R", multicaixa });
  renderAt(
    <RenewReferenceButton enrollmentId="5b0e7a36-6a55-4a55-9a55-0a5b0e7a3601" />,
    "/admin/enrollments",
    "*",
    client,
  );
}

describe("'Renovar referência Multicaixa' (issue 26)", () => {
  it("is offered when Multicaixa references are on", () => {
    show(true);
    expect(screen.getByRole("button", { name: "Renovar referência Multicaixa" })).toBeTruthy();
  });

  it("is not there while they are off", () => {
    show(false);
    expect(screen.queryByRole("button", { name: "Renovar referência Multicaixa" })).toBeNull();
  });
});
