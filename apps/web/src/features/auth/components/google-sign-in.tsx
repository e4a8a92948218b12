import { Center } from '@mantine/core';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';

type GoogleSignInProps = {
  clientId: string;
  onCredential: (credential: string) => void;
  onFailure: () => void;
};

/** Google Identity Services button; the provider is scoped here because the id comes from the server. */
export function GoogleSignIn({ clientId, onCredential, onFailure }: GoogleSignInProps) {
  return (
    <GoogleOAuthProvider clientId={clientId}>
      <Center>
        <GoogleLogin
          onSuccess={(res) => (res.credential ? onCredential(res.credential) : onFailure())}
          onError={onFailure}
          text="signin_with"
          shape="pill"
          width={280}
        />
      </Center>
    </GoogleOAuthProvider>
  );
}
