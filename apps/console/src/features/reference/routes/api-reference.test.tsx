import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { signInAs } from '../../../test/session';
import type { TSwaggerUi } from '../api/swagger-ui';
import { ApiReferencePage } from './api-reference';

const DOC = { openapi: '3.0.3', info: { title: 'Sampada console', version: '1' }, paths: {} };

afterEach(() => delete window.SwaggerUIBundle);

describe('the console API reference page', () => {
  it('renders the staff document with reads only, each request carrying the staff session', async () => {
    signInAs(['support']);
    mockApi({ 'GET /reference/openapi.json': { status: 200, body: DOC } });
    const seen: Parameters<TSwaggerUi>[0][] = [];
    // The viewer itself is the server's Swagger UI build (a real browser shows it in e2e);
    // here it only records what the page hands it.
    window.SwaggerUIBundle = (options) => seen.push(options);

    renderWithProviders(<ApiReferencePage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]!.spec).toEqual(DOC);
    expect(seen[0]!.domNode).toBe(screen.getByTestId('api-reference'));
    expect(seen[0]!.supportedSubmitMethods).toEqual(['get']);
    const request = { headers: {} as Record<string, string> };
    seen[0]!.requestInterceptor(request);
    expect(request.headers.Authorization).toMatch(/^Bearer \S+/);
  });

  it('says so when the document cannot be read', async () => {
    signInAs(['support']);
    mockApi({ 'GET /reference/openapi.json': { status: 500, body: { message: 'Boom' } } });
    renderWithProviders(<ApiReferencePage />);
    expect(await screen.findByText('Could not load')).toBeVisible();
  });
});
