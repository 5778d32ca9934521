package io.heaplab.core.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/** A plugin's calls that would end the process, rewritten when its class is defined into calls that throw. */
class PluginClassLoaderTest {

    private static final ClassDesc SYSTEM = ClassDesc.of("java.lang.System");
    private static final ClassDesc RUNTIME = ClassDesc.of("java.lang.Runtime");

    /** A class {@code Evil} whose static {@code run()} ends the process one way: exit, halt or Runtime.exit. */
    private static byte[] evil(String how) {
        return ClassFile.of().build(ClassDesc.of("Evil"), c -> c.withMethodBody("run", MethodTypeDesc.ofDescriptor("()V"),
                ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC, code -> {
                    if (how.equals("System.exit")) {
                        code.iconst_3().invokestatic(SYSTEM, "exit", MethodTypeDesc.ofDescriptor("(I)V"));
                    } else {
                        code.invokestatic(RUNTIME, "getRuntime", MethodTypeDesc.of(RUNTIME)).bipush(7)
                                .invokevirtual(RUNTIME, how.substring("Runtime.".length()),
                                        MethodTypeDesc.ofDescriptor("(I)V"));
                    }
                    code.return_();
                }));
    }

    /** Defines classes from bytes, as the plugin loader does after rewriting them. */
    private static final class Defining extends ClassLoader {
        Defining() {
            super(PluginClassLoaderTest.class.getClassLoader());
        }

        Class<?> define(byte[] bytes) {
            return defineClass(null, bytes, 0, bytes.length);
        }
    }

    @Test
    void exitHaltAndRuntimeExitThrowNamingTheCallAndItsStatus() throws Exception {
        for (String how : new String[] {"System.exit", "Runtime.halt", "Runtime.exit"}) {
            Method run = new Defining().define(PluginClassLoader.guard(evil(how))).getMethod("run");
            assertThatThrownBy(() -> run.invoke(null)).isInstanceOf(InvocationTargetException.class)
                    .cause().isInstanceOf(PluginExit.PluginExitError.class)
                    .hasMessageStartingWith("called " + how + "(" + (how.equals("System.exit") ? 3 : 7) + ")");
        }
    }

    @Test
    void aClassThatEndsNothingIsLeftByteForByte() {
        byte[] plain = ClassFile.of().build(ClassDesc.of("Plain"), c -> c.withMethodBody("run",
                MethodTypeDesc.of(ConstantDescs.CD_void), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC,
                code -> code.return_()));
        assertThat(PluginClassLoader.guard(plain)).isSameAs(plain);
    }
}
