package io.heaplab.core.plugins;

import java.io.IOException;
import java.io.InputStream;
import java.lang.classfile.ClassFile;
import java.lang.classfile.ClassTransform;
import java.lang.classfile.CodeElement;
import java.lang.classfile.CodeTransform;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.InvokeInstruction;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSigner;
import java.security.CodeSource;

/**
 * Loads one plugin jar's classes, with every call that would end the process ({@code System.exit},
 * {@code Runtime.exit}, {@code Runtime.halt}) rewritten, as the class is defined, into a call to {@link PluginExit},
 * which throws. Java no longer has a security manager to refuse such a call, and a plugin that made it would end
 * heaplab with the plugin's status and lose every result of a sweep. Calls made through reflection or a method
 * handle are not seen.
 */
final class PluginClassLoader extends URLClassLoader {

    private static final ClassDesc SYSTEM = ClassDesc.of("java.lang.System");
    private static final ClassDesc RUNTIME = ClassDesc.of("java.lang.Runtime");
    private static final ClassDesc GUARD = ClassDesc.of(PluginExit.class.getName());
    private static final MethodTypeDesc OF_INT = MethodTypeDesc.ofDescriptor("(I)V");
    private static final MethodTypeDesc OF_RUNTIME_INT = MethodTypeDesc.ofDescriptor("(Ljava/lang/Runtime;I)V");

    private final URL jar;

    PluginClassLoader(String name, URL jar, ClassLoader parent) {
        super(name, new URL[] {jar}, parent);
        this.jar = jar;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String path = name.replace('.', '/') + ".class";
        URL resource = findResource(path);
        if (resource == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        try (InputStream in = resource.openStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ClassNotFoundException(name, e);
        }
        byte[] guarded = guard(bytes);
        int dot = name.lastIndexOf('.');
        if (dot > 0 && getDefinedPackage(name.substring(0, dot)) == null) {
            definePackage(name.substring(0, dot), null, null, null, null, null, null, null);
        }
        return defineClass(name, guarded, 0, guarded.length, new CodeSource(jar, (CodeSigner[]) null));
    }

    /** {@code bytes}, a class file, with its calls that end the process rewritten; as it is when it makes none. */
    static byte[] guard(byte[] bytes) {
        ClassFile files = ClassFile.of();
        var model = files.parse(bytes);
        boolean calls = model.methods().stream().flatMap(m -> m.code().stream())
                .flatMap(code -> code.elementStream()).anyMatch(PluginClassLoader::endsProcess);
        if (!calls) {
            return bytes;
        }
        CodeTransform rewrite = (builder, element) -> {
            if (element instanceof InvokeInstruction call && endsProcess(call)) {
                boolean system = call.owner().asSymbol().equals(SYSTEM);
                builder.invokestatic(GUARD, system ? "exit" : call.name().stringValue(),
                        system ? OF_INT : OF_RUNTIME_INT);
            } else {
                builder.with(element);
            }
        };
        return files.transformClass(model, ClassTransform.transformingMethodBodies(rewrite));
    }

    private static boolean endsProcess(CodeElement element) {
        if (!(element instanceof InvokeInstruction call)) {
            return false;
        }
        ClassDesc owner = call.owner().asSymbol();
        String method = call.name().stringValue();
        String type = call.type().stringValue();
        return call.opcode() == Opcode.INVOKESTATIC && owner.equals(SYSTEM) && method.equals("exit")
                && type.equals("(I)V")
                || call.opcode() == Opcode.INVOKEVIRTUAL && owner.equals(RUNTIME)
                && (method.equals("exit") || method.equals("halt")) && type.equals("(I)V");
    }
}
