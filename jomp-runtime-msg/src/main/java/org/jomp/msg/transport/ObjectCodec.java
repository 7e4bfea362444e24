package org.jomp.msg.transport;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;

import org.jomp.msg.CommException;

/**
 * Java serialisation of object messages. The sender serialises when it sends (so later changes to the object do
 * not reach the receiver, as with a buffer); the receiver deserialises with its own rank's class loader, so that
 * thread ranks, which each load the application's classes themselves, get instances of their own classes.
 */
public final class ObjectCodec {
    /** Checks every object decoded in this JVM; set by a bootstrap that receives objects from the network. */
    private static volatile ObjectInputFilter filter;

    private ObjectCodec() {
    }

    /** Makes every later decode in this JVM go through {@code f} (the socket transport's allow-list). */
    public static void setFilter(ObjectInputFilter f) {
        filter = f;
    }

    /** The bytes of {@code value}; {@code call} and {@code rank} name the caller in errors. */
    public static byte[] encode(Object value, String call, int rank) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (NotSerializableException e) {
            throw new IllegalArgumentException(call + " on rank " + rank + ": object is not serializable: "
                    + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(call + " on rank " + rank + ": cannot serialise "
                    + value.getClass().getName(), e);
        }
        return bytes.toByteArray();
    }

    /** The object in {@code bytes}, its classes resolved through {@code loader} first. */
    public static Object decode(byte[] bytes, ClassLoader loader, String call, int rank) {
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(bytes), loader)) {
            ObjectInputFilter f = filter;
            if (f != null) {
                in.setObjectInputFilter(f);
            }
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            String why = e.getCause() != null ? e + ": " + e.getCause().getMessage() : e.toString();
            throw new CommException(call + " on rank " + rank + ": cannot deserialise the received object: " + why,
                    e);
        }
    }

    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(ByteArrayInputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
