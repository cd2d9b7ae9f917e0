/** The router's library, evaluated in a task of its own after React's (main.tsx). */
export { RouterProvider } from 'react-router/dom';
