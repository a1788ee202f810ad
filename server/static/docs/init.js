// Swagger UI over this service's own OpenAPI document; "Try it out" sends requests to the same origin.
window.addEventListener('load', () => {
  window.ui = SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    // The top bar's URL box would fetch other documents; this page documents this service only.
    plugins: [() => ({ components: { Topbar: () => null } })],
    validatorUrl: null,
    persistAuthorization: false,
  });
});
