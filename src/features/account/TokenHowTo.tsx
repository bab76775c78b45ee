// How a salesperson gets a session token, in their words: most have never heard of a cookie.
// The technical description is kept for the IT team that hands the token out.
export function TokenHowTo() {
  return (
    <details className="token-howto">
      <summary>How do I get a session token?</summary>
      <ol>
        <li>
          Ask your IT team, or whoever runs Assistant at your company, for a session token for
          Assistant Desktop. They may call it a sign-in token or an access token.
        </li>
        <li>
          Copy it exactly as you received it (it is one long line), paste it above and choose{' '}
          <strong>Use this token</strong>.
        </li>
        <li>
          Treat it like a password: do not share it or send it in chat. The app keeps it on this
          computer, encrypted where the system allows, and sends it only to this service.
        </li>
        <li>When it expires, the app says so and asks for a new one.</li>
      </ol>
      <p className="subtle">
        For IT: the token is the value of the <code>sb-access-token</code> cookie the service sets
        once a user has signed in on its sign-in page.
      </p>
    </details>
  );
}
